#!/usr/bin/env bash
# Run 60 call 7: the review's mends on one H200: soak_1gpu_test (watchdog 50 ms, the
# neighbour 20..200 us, 29 batches) at its default and at 30000 steps a tp;
# neighbour_gpu_test at its default (ok / wait / TO, the bound asserted as "at once");
# watchdog_gpu_test (its clock moved to the testbed).
# Build first (here, with Bazel):
#   bazel build //graphs/...
#   mkdir bundle_v; cp bazel-bin/graphs/{neighbour_gpu_test,soak_1gpu_test,watchdog_gpu_test} bundle_v/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run60_call7.tar.xz bundle_v
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run60_call7.tar.xz && cat bundle_v/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/stdout.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_v
./watchdog_gpu_test > $OUT/watchdog.txt 2>&1; echo "watchdog_gpu_test: exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
./soak_1gpu_test > $OUT/soak_default.txt 2>&1; echo "soak_1gpu_test (default): exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
timeout 200 ./soak_1gpu_test 30000 7 > $OUT/soak_30000.txt 2>&1; echo "soak_1gpu_test 30000 7: exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
timeout 200 ./neighbour_gpu_test > $OUT/neighbour.txt 2>&1; echo "neighbour_gpu_test: exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
grep -h -E 'on 1 GPU|first TO' $OUT/soak_default.txt $OUT/soak_30000.txt $OUT/neighbour.txt
