#!/usr/bin/env bash
# Run 57 call 2: graphs/process_gpu_test with its NCCL symmetric-window cases (new) on one
# H200: there one worker holds the whole group in an NCCL communicator of one rank (NCCL
# refuses two ranks on one GPU), the mailboxes in one ncclMemAlloc block registered as a
# symmetric window, every address from ncclGetPeerPointer. The CUDA IPC cases again.
# Build first (here, with Bazel):
#   bazel build //graphs:processes_1gpu_test //graphs:processes_2gpu_test
#   mkdir bundle_proc; cp bazel-bin/graphs/processes_*gpu_test bundle_proc/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run57_call2.tar.xz bundle_proc
# carry: bundle_pack
date -u
tar xJf bundle_pack/run57_call2.tar.xz
echo "bundle $(cat bundle_proc/COMMIT)"
export NCCL_NVLS_ENABLE=0 NCCL_DEBUG=WARN
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
ls -la /usr/lib/x86_64-linux-gnu/libnccl.so* 2>/dev/null | head -3
(cd bundle_proc && timeout 400 ./processes_1gpu_test > $OUT/processes_1gpu.txt 2>&1; echo "processes_1gpu_test exit $? after $SECONDS s")
grep -v "^  worker [0-9] (ranks" $OUT/processes_1gpu.txt | tail -40
grep -c "rel L2" $OUT/processes_1gpu.txt
echo "all done after $SECONDS s"
