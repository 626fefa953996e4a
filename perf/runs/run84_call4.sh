#!/usr/bin/env bash
# Run 84 call 4 (nvidia-h200-x2): api_gpu_test with its two-GPU section (a call with
# device 1 current; a stream of device 1 refused by shx_record_step, shx_record_gate,
# shx_tail and shx_mailbox_arm) and under memcheck; perf/record_cost, the host time of a
# shx_record_step recorded into a capture and of the queries each record makes, at this
# commit and with d5c7d01's engine/op.c (before run 84's checks; record_cost_d5c7d01),
# alternated three times. Binaries of bundle_small/COMMIT, built here; carry bundle_small.
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_small
{ date -u; cat COMMIT; nvidia-smi -L; } | tee $OUT/call.txt
timeout 100 ./api_gpu_test > $OUT/api_gpu_test.txt 2>&1
echo "api_gpu_test exit $?: $(tail -1 $OUT/api_gpu_test.txt)" | tee -a $OUT/call.txt
grep -i "GPU" $OUT/api_gpu_test.txt | head -3 | tee -a $OUT/call.txt
timeout 100 compute-sanitizer --tool memcheck ./api_gpu_test > $OUT/memcheck.txt 2>&1
echo "memcheck exit $?: $(grep 'ERROR SUMMARY' $OUT/memcheck.txt)" | tee -a $OUT/call.txt
for round in 1 2 3; do
  for binary in record_cost record_cost_d5c7d01; do
    echo "== $binary round $round" | tee -a $OUT/call.txt
    CUDA_VISIBLE_DEVICES=0 timeout 60 ./$binary 2>&1 | tee -a $OUT/call.txt
  done
done
