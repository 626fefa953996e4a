#!/usr/bin/env bash
# Run 47, call 3 (perf/RESULTS.md), nvidia-h200 (x2 not lent): HELD X (r47_held, calls
# 1-2's f1 written out; kFusedX's PTX is r47_fed1's, every other function main's) validated
# in one call: tools/gpu_release.sh (every 1-GPU test, the main job, bench --repeat 2 at
# both dims, limits, sanitizers at TP8 B=16 fused and split) with main (bundle_n, 9a69fd1)
# as ORIG; the SASS of every kernel against main's; then the A/B of main, held and
# held_d256 (r47_held_d256: kFusedX's first-stage delay 256 cycles, call 2's d256) twice.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run47_call3.tar.xz && cat bundle/COMMIT bundle_n/COMMIT bundle_hd/COMMIT
tools/same_sass.sh bundle bundle_n > $OUT/sass_compare.txt 2>&1; tail -1 $OUT/sass_compare.txt
grep DIFF $OUT/sass_compare.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split" ORIG=bundle_n AB_BATCHES=1,9,12,16,24,32 \
  AB_DEEPSEEK_BATCHES=9,16 LIMIT_CELLS_DEEPSEEK="8 9" timeout 400 tools/gpu_release.sh $OUT \
  2>&1 | tee $OUT/release.txt | tail -40
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
BATCHES=9,12,16 timeout 100 tools/gpu_ab.sh /tmp/ab3 bundle_n bundle bundle_hd bundle_n bundle \
  bundle_hd > $OUT/ab3.txt 2>&1
grep -E "^==|^ +8 " $OUT/ab3.txt
echo "all done after $SECONDS s"
