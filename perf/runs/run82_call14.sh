#!/usr/bin/env bash
# Run 82 call 14: oproj_step_gpu_test after the last read's tidy (a allocated with the
# batch's rows only; the kernels' PTX identical).                carry: bundle_lr
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_lr/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
timeout 150 bundle_lr/oproj_step_gpu_test > $OUT/check.txt 2>&1
echo "check exit $? at $SECONDS s" | tee -a $OUT/call.txt
grep -c '^ok' $OUT/check.txt | sed 's/^/ok lines: /' | tee -a $OUT/call.txt
tail -1 $OUT/check.txt | tee -a $OUT/call.txt
