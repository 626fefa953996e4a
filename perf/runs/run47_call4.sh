#!/usr/bin/env bash
# Run 47, call 4 (perf/RESULTS.md), nvidia-h200 (x2 not lent): main's final kernel of run
# 47 (a688d22: HELD X with kFusedX's first-stage delay at 256 cycles; its PTX is call 3's
# held_d256) validated and measured for the README in one call: the SASS of every kernel
# against main before the run (bundle_n, 9a69fd1); tools/gpu_release.sh with bundle_n as
# ORIG (every 1-GPU test, the main job, bench --repeat 2 at both dims, limits, sanitizers
# at TP8 B=16 fused and split, the A/B); then the delay at 128 and 384 cycles (r47_held_d128,
# r47_held_d384) beside main, twice.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run47_call4.tar.xz && for b in bundle bundle_n bundle_h128 bundle_h384; do
  cat $b/COMMIT; done
tools/same_sass.sh bundle bundle_n > /tmp/sass_compare.txt 2>&1; tail -1 /tmp/sass_compare.txt
grep DIFF /tmp/sass_compare.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split" ORIG=bundle_n AB_BATCHES=1,9,12,16,24,32,64 \
  AB_DEEPSEEK_BATCHES=9,16,32 LIMIT_CELLS_DEEPSEEK="16 9;8 9" timeout 400 \
  tools/gpu_release.sh $OUT 2>&1 | tee $OUT/release.txt | tail -40
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
BATCHES=9,12,16 timeout 100 tools/gpu_ab.sh /tmp/ab4 bundle bundle_h128 bundle_h384 bundle \
  bundle_h128 bundle_h384 > $OUT/ab4.txt 2>&1
grep -E "^==|^ +8 " $OUT/ab4.txt
echo "all done after $SECONDS s"
