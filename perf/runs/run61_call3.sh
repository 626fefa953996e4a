#!/usr/bin/env bash
# Run 61 call 3: the benchmark in the engine state (bench --engine-state --repeat 2, both
# dims) for main with the COOPERATIVE LAUNCH (call 2's full bundle, `bc6a89f`), so that
# the README's engine-state table and perf/bench*_engine_state.csv describe the current
# launch (they were run 58's).
# Build first: rm -f bundle_pack/*; tar cJf bundle_pack/run61_call3.tar.xz bundle/bench bundle/COMMIT
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run61_call3.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/stdout.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle
timeout 250 ./bench --engine-state --repeat 2 --csv "$OUT/bench_engine_state.csv" \
  2> /dev/null | tee "$OUT/bench_engine_state.txt" | head -40
echo "design exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/stdout.txt
timeout 250 ./bench --dims deepseek --engine-state --repeat 2 \
  --csv "$OUT/bench_deepseek_engine_state.csv" 2> /dev/null |
  tee "$OUT/bench_deepseek_engine_state.txt" | head -40
echo "deepseek exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/stdout.txt
