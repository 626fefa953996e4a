#!/usr/bin/env bash
# Run 60 call 5: graphs/neighbour_gpu_test at B = 64 and 128 (call 4 had B = 9),
# SHX_NEIGHBOUR_REPORT_ONLY=1: one step at TP8 and TP16, B = 64 and 128, of each
# variant beside the timed stand-in holding k = 8..132 SMs for 300 ms
# (watchdog 100 ms): where the fused grid stops fitting, and that every such step either
# completes bitwise as on an idle device or times out and recovers.
# Build first (here, with Bazel):
#   bazel build //graphs:neighbour_gpu_test
#   mkdir bundle_nb; cp bazel-bin/graphs/neighbour_gpu_test bundle_nb/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run60_call5.tar.xz bundle_nb
# carry: bundle_pack
date -u
tar xJf bundle_pack/run60_call5.tar.xz && cat bundle_nb/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_nb
SHX_NEIGHBOUR_REPORT_ONLY=1 timeout 540 ./neighbour_gpu_test 64 128 2>&1 | tee $OUT/neighbour.txt; echo "neighbour_gpu_test: exit ${PIPESTATUS[0]} after $SECONDS s"
