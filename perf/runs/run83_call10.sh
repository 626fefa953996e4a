#!/usr/bin/env bash
# Run 83 call 10: the binaries after the dims parser moved into perf/dims.c (eacec15):
# dims_gpu_test on one listed shape (9, the cluster-16 shape) and at command-line dims,
# profile_step at SHX_DIMS=2048,512,situ, bench --dims at Llama 4's TP8 B=9.
#                                                                      carry: bundle_dims
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_dims/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
cd bundle_dims
timeout 120 ./dims_gpu_test 9 > $OUT/dims.txt 2>&1
echo "dims_gpu_test 9 exit $? at $SECONDS s: $(tail -1 $OUT/dims.txt)" | tee -a $OUT/call.txt
timeout 120 ./dims_gpu_test 6144,16384 16 >> $OUT/dims.txt 2>&1
echo "dims_gpu_test 6144,16384 16 exit $? at $SECONDS s: $(tail -1 $OUT/dims.txt)" |
  tee -a $OUT/call.txt
SHX_DIMS=2048,512,situ timeout 60 ./profile_step fused 8 9 40 1 > $OUT/profile.txt 2>&1
echo "profile_step exit $? at $SECONDS s: $(grep 'us per step' $OUT/profile.txt)" |
  tee -a $OUT/call.txt
timeout 100 ./bench --dims 5120,8192 --tps 8 --batches 9 --table-only --csv $OUT/b.csv \
  > $OUT/bench.txt 2>&1
echo "bench exit $? at $SECONDS s" | tee -a $OUT/call.txt
grep -E '^ *8 ' $OUT/bench.txt | tee -a $OUT/call.txt
