#!/usr/bin/env bash
# Run 57 call 1: graphs/process_gpu_test (new) on one H200: TP groups whose ranks live in
# separate processes (one rank a process at TP8: fused, split, baseline; eight ranks a
# process at TP16, fused, design and DeepSeek dims), mailboxes shared through CUDA IPC.
# The GPU's compute mode first (a non-Default mode makes the test skip).
# Build first (here, with Bazel):
#   bazel build //graphs:processes_1gpu_test //graphs:processes_2gpu_test
#   mkdir bundle_proc; cp bazel-bin/graphs/processes_*gpu_test bundle_proc/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run57_call1.tar.xz bundle_proc
# carry: bundle_pack
date -u
tar xJf bundle_pack/run57_call1.tar.xz
echo "bundle $(cat bundle_proc/COMMIT)"
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,compute_mode,driver_version --format=csv
nvidia-cuda-mps-control -h >/dev/null 2>&1 && echo "mps control present" || echo "no mps control"
(cd bundle_proc && timeout 400 ./processes_1gpu_test > $OUT/processes_1gpu.txt 2>&1; echo "processes_1gpu_test exit $? after $SECONDS s")
tail -40 $OUT/processes_1gpu.txt
(cd bundle_proc && timeout 30 ./processes_2gpu_test; echo "processes_2gpu_test exit $?")
echo "all done after $SECONDS s"
