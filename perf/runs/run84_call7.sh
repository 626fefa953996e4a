#!/usr/bin/env bash
# Run 84 call 7, after the review of run 84's change: api_gpu_test (NaN filler and the
# binds read back after refused binds, w_o and the o-proj's x too small, vmm_buffers: x
# across two handles mapped into one virtual-memory reservation) and under memcheck;
# leak_gpu_test (failed_creates swept to 16 MB past an op's size); group_split_1gpu_test
# (a split step's down half after its gate) and pdl_graph_gpu_test (captures).
# Binaries of bundle_small/COMMIT, built here; carry bundle_small.
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_small
{ date -u; cat COMMIT; nvidia-smi -L; } | tee $OUT/call.txt
for test in api_gpu_test leak_gpu_test group_split_1gpu_test pdl_graph_gpu_test; do
  timeout 150 ./$test > $OUT/$test.txt 2>&1
  echo "$test exit $? at $SECONDS s: $(tail -1 $OUT/$test.txt)" | tee -a $OUT/call.txt
done
grep -E "virtual-memory|refused|made an op" $OUT/api_gpu_test.txt $OUT/leak_gpu_test.txt |
  tee -a $OUT/call.txt
timeout 100 compute-sanitizer --tool memcheck ./api_gpu_test > $OUT/memcheck.txt 2>&1
echo "memcheck exit $?: $(grep 'ERROR SUMMARY' $OUT/memcheck.txt)" | tee -a $OUT/call.txt
