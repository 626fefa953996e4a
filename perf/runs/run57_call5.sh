#!/usr/bin/env bash
# Run 57 call 5: graphs/process_gpu_test after the review's mends (window check, even splits,
# worker reaping and bounds), as committed, with its step times (host clock from launch to the
# step's end, median of replays 1..9 per worker; one process's group timed the same way):
# how long a step takes when ranks of separate processes share one GPU.
# Build first (here, with Bazel):
#   bazel build //graphs:processes_1gpu_test //graphs:processes_2gpu_test
#   mkdir bundle_proc; cp bazel-bin/graphs/processes_*gpu_test bundle_proc/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run57_call5.tar.xz bundle_proc
# carry: bundle_pack
date -u
tar xJf bundle_pack/run57_call5.tar.xz
echo "bundle $(cat bundle_proc/COMMIT)"
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle_proc && timeout 400 ./processes_1gpu_test > $OUT/processes_1gpu.txt 2>&1; echo "processes_1gpu_test exit $? after $SECONDS s")
cat $OUT/processes_1gpu.txt
echo "all done after $SECONDS s"
