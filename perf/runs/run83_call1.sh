#!/usr/bin/env bash
# Run 83 call 1: graphs/dims_gpu_test (every variant at other models' shared-expert dims
# and at tp 1, 2, 4, all ranks on one GPU), then memcheck on two of its shapes (10: the
# uneven K split over clusters of 16; 2: one rank).                 carry: bundle_dims
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_dims/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
timeout 300 bundle_dims/dims_gpu_test > $OUT/dims.txt 2>&1
echo "dims_gpu_test exit $? at $SECONDS s" | tee -a $OUT/call.txt
tail -3 $OUT/dims.txt | tee -a $OUT/call.txt
for shape in 10 2; do
  timeout 200 compute-sanitizer --tool memcheck bundle_dims/dims_gpu_test $shape \
    > $OUT/memcheck_$shape.txt 2>&1
  echo "memcheck shape $shape exit $? at $SECONDS s" | tee -a $OUT/call.txt
  tail -2 $OUT/memcheck_$shape.txt | tee -a $OUT/call.txt
done
