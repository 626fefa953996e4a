#!/usr/bin/env bash
# Run 40, call 5 (perf/RESULTS.md), nvidia-h200: main (bundle_m) against the down tile as
# one TMA copy alone (call 4's c less its gate/up change): bundle_d (r40_down_one_copy:
# in the fused kernel and SharedDown) and bundle_e (r40_down_one_copy_split: SharedDown
# only). Tests, A/B at both dims, limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run40_call5.tar.xz && cat bundle_m/COMMIT bundle_d/COMMIT bundle_e/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_d bundle_e" BATCHES=1,9,16,32,64,128 \
  DEEPSEEK_BATCHES=1,9,32,64 LIMIT_CELLS="8 9;16 9" \
  timeout 440 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
