#!/usr/bin/env bash
# Run 57 call 3: main (the commit in bundle/COMMIT) on one H200 with the separate-process
# test as committed (CUDA IPC cases; its NCCL window cases need two GPUs and are left out):
# every 1-GPU test of the bundle (the two-GPU ones report themselves skipped).
# Build first (here, with Bazel):
#   tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run57_call3.tar.xz bundle
# carry: bundle_pack
date -u
tar xJf bundle_pack/run57_call3.tar.xz
echo "bundle $(cat bundle/COMMIT)"
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 500 bundle/run_gpu_tests.sh > $OUT/tests.txt 2>&1
echo "tests exit $? after $SECONDS s"
grep -E "^==|passed|failed|skipped" $OUT/tests.txt
grep -B2 -A12 "FAILED" $OUT/tests.txt | head -60
grep -A12 "processes_1gpu_test" $OUT/tests.txt | grep -v "^  worker" | head -24
echo "all done after $SECONDS s"
