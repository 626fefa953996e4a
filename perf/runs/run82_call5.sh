#!/usr/bin/env bash
# Run 82 call 5 (the own o-proj rewritten: TMA + wgmma): perf/oproj_step (the fused step after a cuBLASLt o-proj) on one H200:
# its check (the step's edge serial, PDL, or out of the GEMM's launch-completion port;
# pushes bitwise equal, no NaN from the poisoned x), then its timing at the design and
# DeepSeek dims.
# Build first (here): bazel build //perf:oproj_step_gpu_test; mkdir -p bundle_oproj;
#   cp bazel-bin/perf/oproj_step_gpu_test bundle_oproj/; git rev-parse --short HEAD >
#   bundle_oproj/COMMIT                                          carry: bundle_oproj
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{
date -u
cat bundle_oproj/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/head.txt
timeout 200 bundle_oproj/oproj_step_gpu_test > $OUT/check.txt 2>&1
echo "check exit $? at $SECONDS s" | tee -a $OUT/call.txt
tail -20 $OUT/check.txt | tee -a $OUT/call.txt
timeout 200 bundle_oproj/oproj_step_gpu_test time --batches 9,16,64 > $OUT/time.txt 2>&1
echo "time exit $? at $SECONDS s" | tee -a $OUT/call.txt
cat $OUT/time.txt | tee -a $OUT/call.txt
timeout 150 bundle_oproj/oproj_step_gpu_test time --dims deepseek --batches 9,64 \
  > $OUT/time_deepseek.txt 2>&1
echo "time deepseek exit $? at $SECONDS s" | tee -a $OUT/call.txt
cat $OUT/time_deepseek.txt | tee -a $OUT/call.txt
echo "call done at $SECONDS s" | tee -a $OUT/call.txt
