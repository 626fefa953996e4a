#!/usr/bin/env bash
# Run 83 call 9: after the second review: dims_gpu_test (the o-proj's buffers in their own
# allocations, fused and split refused together) on every shape and at one command-line
# dims, memcheck on shape 5 (the o-proj's reads now bounded by their allocations);
# profile_step at small custom dims (160 weight sets: as many steps) and with SHX_DIMS
# empty (the design dims).                                             carry: bundle_dims
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_dims/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
cd bundle_dims
timeout 300 ./dims_gpu_test > $OUT/dims.txt 2>&1
echo "dims_gpu_test exit $? at $SECONDS s: $(tail -1 $OUT/dims.txt)" | tee -a $OUT/call.txt
timeout 120 ./dims_gpu_test 3072,1536 8 > $OUT/custom.txt 2>&1
echo "dims_gpu_test 3072,1536 8 exit $? at $SECONDS s: $(tail -1 $OUT/custom.txt)" |
  tee -a $OUT/call.txt
timeout 150 compute-sanitizer --tool memcheck ./dims_gpu_test 5 > $OUT/memcheck_5.txt 2>&1
echo "memcheck shape 5 exit $? at $SECONDS s: $(grep 'ERROR SUMMARY' $OUT/memcheck_5.txt)" |
  tee -a $OUT/call.txt
SHX_DIMS=2048,512,situ timeout 60 ./profile_step fused 8 9 40 1 > $OUT/profile.txt 2>&1
echo "profile_step small dims exit $? at $SECONDS s: $(grep 'us per step' $OUT/profile.txt)" |
  tee -a $OUT/call.txt
SHX_DIMS= timeout 60 ./profile_step fused 8 9 40 1 >> $OUT/profile.txt 2>&1
echo "profile_step SHX_DIMS= exit $? at $SECONDS s: $(grep 'us per step' $OUT/profile.txt |
  tail -1)" | tee -a $OUT/call.txt
