#!/usr/bin/env bash
# Run 58 call 9: the benchmark in the engine state (bench --engine-state --repeat 2, both
# dims) for main with SYNC DOMAINS (call 7's full bundle, `2817dfc`), so that the
# README's engine-state table and perf/bench*_engine_state.csv describe the current
# kernels (they were run 56's).
# Build first: rm -f bundle_pack/*; tar cJf bundle_pack/run58_call9.tar.xz bundle/bench bundle/COMMIT
# carry: bundle_pack
date -u
tar xJf bundle_pack/run58_call9.tar.xz && cat bundle/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle
timeout 250 ./bench --engine-state --repeat 2 --csv "$OUT/bench_engine_state.csv" \
  2> /dev/null | tee "$OUT/bench_engine_state.txt" | head -40
echo "design exit ${PIPESTATUS[0]} after $SECONDS s"
timeout 250 ./bench --dims deepseek --engine-state --repeat 2 \
  --csv "$OUT/bench_deepseek_engine_state.csv" 2> /dev/null |
  tee "$OUT/bench_deepseek_engine_state.txt" | head -40
echo "deepseek exit ${PIPESTATUS[0]} after $SECONDS s"
