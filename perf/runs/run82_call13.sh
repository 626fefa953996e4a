#!/usr/bin/env bash
# Run 82 call 13: main's bundle at the session's end (5a40673: shx_record_oproj and the
# TMA/wgmma o-proj after the review, oproj_step_gpu_test with the attention stand-in,
# api_gpu_test's o-proj and -0 cases, mailbox_gpu_test with the DeepSeek TP8) on one H200:
# every one-GPU test and the main job through tools/gpu_suite.sh; the o-proj kernels'
# SASS (HGMMA, no LDL/STL); oproj_step's timing at the design dims.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run82b.tar.xz bundle                     carry: bundle_pack
PACK=bundle_pack/run82b.tar.xz tools/gpu_suite.sh $OUT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cuobjdump --dump-sass bundle/oproj_step_gpu_test > sass.txt 2>&1
awk '/Function :/ {f = ($3 ~ /oproj_kernel/)} f && /HGMMA/ {h++} f && /(LDL|STL)/ {l++}
     END {print "oproj kernels: HGMMA " h + 0 ", LDL/STL " l + 0}' sass.txt | tee -a $OUT/call.txt
rm -f sass.txt
timeout 100 bundle/oproj_step_gpu_test time --batches 9,16,64 > $OUT/time.txt 2>&1
echo "time exit $? at $SECONDS s" | tee -a $OUT/call.txt
cat $OUT/time.txt | tee -a $OUT/call.txt
