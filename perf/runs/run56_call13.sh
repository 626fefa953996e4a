#!/usr/bin/env bash
# Run 56 call 13: the benchmark's full tables in the engine state, both dims, for the
# README and engine authors (perf/bench_engine_state.csv, perf/bench_deepseek_engine_state.csv
# and their policies). bundle_es: bench of `415f315`.
#   bench --engine-state --repeat 2 --csv bench_engine_state.csv --policy policy_engine_state.txt
#   bench --engine-state --repeat 2 --dims deepseek --csv bench_deepseek_engine_state.csv
#     --policy policy_deepseek_engine_state.txt
# Build first (here, with Bazel):
#   bazel build //perf:bench && mkdir -p bundle_es && cp bazel-bin/perf/bench bundle_es/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call13.tar.xz bundle_es
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call13.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_es
timeout 280 ./bench --engine-state --repeat 2 --csv $OUT/bench_engine_state.csv \
  --policy $OUT/policy_engine_state.txt 2>/dev/null; echo "bench exit $? after $SECONDS s"
timeout 250 ./bench --engine-state --repeat 2 --dims deepseek \
  --csv $OUT/bench_deepseek_engine_state.csv \
  --policy $OUT/policy_deepseek_engine_state.txt 2>/dev/null; echo "bench exit $? after $SECONDS s"
echo "all done after $SECONDS s"
