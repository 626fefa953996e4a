#!/usr/bin/env bash
# Run 82 call 10: api_gpu_test with its new -0 case (every variant's pushes of a y_r that
# rounds to BF16 -0 must be +0), at HEAD, and two demonstration builds made here and not
# committed, each with one producer's -0 -> +0 flush removed: the fused kernels'
# (pack_bf16_positive_zero, fused and SharedDown) and the baseline's push kernel
# (positive_zero). The test passes only if the case is exercised and the flush works:
# each demonstration build should fail at its variant.            carry: bundle_nz
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
for t in api_gpu_test api_gpu_test_fused_noflush api_gpu_test_baseline_noflush; do
  timeout 120 bundle_nz/$t > $OUT/$t.txt 2>&1
  echo "$t exit $? at $SECONDS s" | tee -a $OUT/call.txt
  tail -3 $OUT/$t.txt | tee -a $OUT/call.txt
done
