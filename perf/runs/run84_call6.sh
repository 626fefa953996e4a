#!/usr/bin/env bash
# Run 84 call 6: leak_gpu_test with failed_creates (shx_create with too little device
# memory left must fail cleanly and give back what it allocated), and the tests that
# bind peers after op.c computed the mailbox size in place: api_gpu_test,
# pdl_graph_gpu_test, processes_1gpu_test (CUDA IPC peers). Binaries of
# bundle_small/COMMIT, built here; carry bundle_small.
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_small
{ date -u; cat COMMIT; nvidia-smi -L; } | tee $OUT/call.txt
for test in leak_gpu_test api_gpu_test pdl_graph_gpu_test processes_1gpu_test; do
  timeout 150 ./$test > $OUT/$test.txt 2>&1
  echo "$test exit $? at $SECONDS s: $(tail -1 $OUT/$test.txt)" | tee -a $OUT/call.txt
done
cat $OUT/leak_gpu_test.txt
