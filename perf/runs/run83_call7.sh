#!/usr/bin/env bash
# Run 83 call 7: dims_gpu_test with its o-proj check (shx_record_oproj at each shape's H,
# A = 1472, B = 1, 9, 37, 64, against a CPU sum), then memcheck on shape 5 (Llama 4 TP8:
# an o-proj of 80 CTAs).                                               carry: bundle_dims
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_dims/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
timeout 400 bundle_dims/dims_gpu_test > $OUT/dims.txt 2>&1
echo "dims_gpu_test exit $? at $SECONDS s" | tee -a $OUT/call.txt
tail -2 $OUT/dims.txt | tee -a $OUT/call.txt
grep -E '^[A-Za-z]|o-proj' $OUT/dims.txt | tee -a $OUT/call.txt
timeout 150 compute-sanitizer --tool memcheck bundle_dims/dims_gpu_test 5 > $OUT/memcheck_5.txt 2>&1
echo "memcheck shape 5 exit $? at $SECONDS s" | tee -a $OUT/call.txt
tail -2 $OUT/memcheck_5.txt | tee -a $OUT/call.txt
