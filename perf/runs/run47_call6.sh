#!/usr/bin/env bash
# Run 47, call 6 (perf/RESULTS.md), nvidia-h200: ASYNC X (r47_async 0b2dfcf). Call 1's SASS
# showed HELD X's ten x loads on one scoreboard: fill 0's store waits for all ten. Here the
# consumers copy each fill's x chunk with cp.async.cg (one group a fill, zeros past the
# batch), fill 0 waits for its own group only (wait_group 9), fill 1 for all; no registers
# held (kFusedX 58 registers instead of 87). Validated and measured in one call with
# tools/gpu_release.sh (BUNDLE=bundle_async, ORIG=bundle_m: main f7243a7, kernel a688d22):
# every 1-GPU test, the main job, sanitizers at TP8 B=16, the A/B; the SASS compared first.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run47_call6.tar.xz && cat bundle_async/COMMIT bundle_m/COMMIT
tools/same_sass.sh bundle_async bundle_m > /tmp/sass_compare.txt 2>&1
tail -1 /tmp/sass_compare.txt; grep DIFF /tmp/sass_compare.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
BUNDLE=bundle_async SANITIZER_CASES="design 8 16 fused" ORIG=bundle_m \
  AB_BATCHES=1,9,12,16,24,32 AB_DEEPSEEK_BATCHES=9,16 LIMIT_CELLS_DEEPSEEK="8 9" \
  timeout 400 tools/gpu_release.sh $OUT 2>&1 | tee $OUT/release.txt | tail -30
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
BATCHES=9,12,16 timeout 60 tools/gpu_ab.sh /tmp/ab6 bundle_m bundle_async bundle_m \
  bundle_async > $OUT/ab6.txt 2>&1
grep -E "^==|^ +8 " $OUT/ab6.txt
echo "all done after $SECONDS s"
