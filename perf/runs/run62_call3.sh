#!/usr/bin/env bash
# Run 62 call 3: call 2 found, on green contexts, (1) the "stream" form hanging from k = 96
# SMs down (the op planned on the whole GPU, its steps on a green context's stream) and (2)
# the "current" form's fused B = 128 output differing from the whole GPU's at k <= 80.
# green_gpu_test now prints progress unbuffered (where a hang is), each fused plan (cluster,
# CTAs an SM), where the fused CTAs ran (rank 0's trace: CTAs, SMs, most on one SM, entry
# spread) and, for a wrong output, what is wrong.
# Build first: bazel build //graphs:green_gpu_test; mkdir bundle_g; cp it there.
# carry: bundle_g
{
date -u
nvidia-smi -L
} 2>&1 | tee $OUT/call3.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 330 bundle_g/green_gpu_test --tp 8 --sms 96,80,48 2>&1 | tee -a $OUT/call3.txt
echo "green tp 8 exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call3.txt
timeout 150 bundle_g/green_gpu_test --tp 16 --sms 96,48 2>&1 | tee -a $OUT/call3.txt
echo "green tp 16 exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call3.txt
