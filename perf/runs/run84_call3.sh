#!/usr/bin/env bash
# Run 84 call 3: api_gpu_test with a stream-ordered x of exactly its size (accepted) and
# under memcheck; capture_probe with the driver's range query (cuPointerGetAttributes)
# made from another thread during each capture mode; api_test. Binaries of the commit in
# bundle_small/COMMIT (built here, carried: bundle_small).
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_small
{ date -u; cat COMMIT; nvidia-smi -L; } | tee $OUT/call.txt
timeout 100 ./api_gpu_test > $OUT/api_gpu_test.txt 2>&1
echo "api_gpu_test exit $?: $(tail -1 $OUT/api_gpu_test.txt)" | tee -a $OUT/call.txt
timeout 100 compute-sanitizer --tool memcheck ./api_gpu_test > $OUT/memcheck.txt 2>&1
echo "memcheck exit $?: $(grep 'ERROR SUMMARY' $OUT/memcheck.txt)" | tee -a $OUT/call.txt
timeout 60 ./api_test 2>&1 | tee -a $OUT/call.txt
timeout 100 ./capture_probe > $OUT/capture_probe.txt 2>&1
echo "capture_probe exit $?" | tee -a $OUT/call.txt
cat $OUT/capture_probe.txt
