#!/usr/bin/env bash
# Run 82 call 6: main's bundle (6e053a6: shx_record_oproj in the public API, ops/oproj.cu
# the TMA/wgmma o-proj, oproj_step_gpu_test, api_gpu_test's o-proj cases) on one H200:
# every one-GPU test and the main job through tools/gpu_suite.sh; then oproj_step's quick
# check under compute-sanitizer memcheck, racecheck and synccheck (the o-proj kernels
# instrumented alone); the SASS of the o-proj
# kernels (HGMMA, no LDL/STL); oproj_step's timing through the public entry point.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run82.tar.xz bundle                      carry: bundle_pack
{
date -u
tar xJf bundle_pack/run82.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/head.txt
tools/gpu_suite.sh $OUT
echo "gpu_suite exit $?" | tee -a $OUT/call.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for tool in memcheck racecheck synccheck; do
  timeout 100 compute-sanitizer --tool $tool --kernel-name kns=oproj_kernel \
    bundle/oproj_step_gpu_test check quick \
    > $OUT/sanitizer_$tool.txt 2>&1
  echo "$tool oproj_step check quick exit $? at $SECONDS s" | tee -a $OUT/call.txt
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" $OUT/sanitizer_$tool.txt \
    | tee -a $OUT/call.txt
done
cuobjdump --dump-sass bundle/oproj_step_gpu_test > sass.txt 2>&1
awk '/Function :/ {f = ($3 ~ /oproj_kernel/)} f && /HGMMA/ {h++} f && /(LDL|STL)/ {l++}
     END {print "oproj kernels: HGMMA " h + 0 ", LDL/STL " l + 0}' sass.txt | tee -a $OUT/call.txt
rm -f sass.txt
timeout 120 bundle/oproj_step_gpu_test time --batches 9,16,64 > $OUT/time.txt 2>&1
echo "time exit $? at $SECONDS s" | tee -a $OUT/call.txt
cat $OUT/time.txt | tee -a $OUT/call.txt
echo "call done at $SECONDS s" | tee -a $OUT/call.txt
