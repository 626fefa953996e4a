#!/usr/bin/env bash
# Run 84 call 9: api_gpu_test with the o-proj's unreachable w_o and a (and, where two GPUs
# are visible, the gate, tail and o-proj with another device current), plain and under
# memcheck. Binary of bundle_small/COMMIT, built here; carry bundle_small.
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_small
{ date -u; cat COMMIT; nvidia-smi -L; } | tee $OUT/call.txt
timeout 100 ./api_gpu_test > $OUT/api_gpu_test.txt 2>&1
echo "api_gpu_test exit $?" | tee -a $OUT/call.txt
cat $OUT/api_gpu_test.txt | tee -a $OUT/call.txt
timeout 100 compute-sanitizer --tool memcheck ./api_gpu_test > $OUT/memcheck.txt 2>&1
echo "memcheck exit $?: $(grep 'ERROR SUMMARY' $OUT/memcheck.txt)" | tee -a $OUT/call.txt
