#!/usr/bin/env bash
# Run 84 call 5: after the stream-device check was withdrawn (call 4 found that
# cudaStreamGetDevice invalidated the capture of a record): perf/record_cost at this
# commit and with d5c7d01's engine/op.c (before run 84's checks), alternated three times;
# the capturing tests pdl_graph_gpu_test and soak_1gpu_test, and api_gpu_test.
# Binaries of bundle_small/COMMIT, built here; carry bundle_small.
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_small
{ date -u; cat COMMIT; nvidia-smi -L; } | tee $OUT/call.txt
for round in 1 2 3; do
  for binary in record_cost record_cost_d5c7d01; do
    echo "== $binary round $round" | tee -a $OUT/call.txt
    timeout 60 ./$binary 2>&1 | tee -a $OUT/call.txt
  done
done
for test in pdl_graph_gpu_test soak_1gpu_test api_gpu_test; do
  timeout 120 ./$test > $OUT/$test.txt 2>&1
  echo "$test exit $?: $(tail -1 $OUT/$test.txt)" | tee -a $OUT/call.txt
done
