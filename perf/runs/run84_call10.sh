#!/usr/bin/env bash
# Run 84 call 10, after the last read's refactor (the range query moved into
# ops/driver.c shx_pointer_range, used by the engine and both probes): api_gpu_test (its
# size, virtual-memory and unreachable cases), pdl_graph_gpu_test (captures),
# capture_probe's range row, record_cost. Binaries of bundle_small/COMMIT; carry it.
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_small
{ date -u; cat COMMIT; nvidia-smi -L; } | tee $OUT/call.txt
for test in api_gpu_test pdl_graph_gpu_test; do
  timeout 100 ./$test > $OUT/$test.txt 2>&1
  echo "$test exit $?: $(tail -1 $OUT/$test.txt)" | tee -a $OUT/call.txt
done
grep "virtual-memory" $OUT/api_gpu_test.txt | tee -a $OUT/call.txt
timeout 60 ./capture_probe 2>&1 | grep -E "mode|range" | tee -a $OUT/call.txt
timeout 60 ./record_cost 2>&1 | tee -a $OUT/call.txt
