#!/usr/bin/env bash
# Run 60 call 8: why a timed-out fused step's stream is done only once the neighbour
# leaves: neighbour_gpu_test 9 with SHX_NEIGHBOUR_TRACE=1 (rank 0's per-CTA stamps: which
# CTAs entered at the start and when they pushed, when the others entered).
# Build first (here, with Bazel):
#   bazel build //graphs:neighbour_gpu_test
#   mkdir bundle_v; cp bazel-bin/graphs/neighbour_gpu_test bundle_v/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run60_call8.tar.xz bundle_v
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run60_call8.tar.xz && cat bundle_v/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/stdout.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_v
SHX_NEIGHBOUR_TRACE=1 timeout 200 ./neighbour_gpu_test 9 > $OUT/neighbour_trace.txt 2>&1; echo "neighbour_gpu_test 9 (trace): exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
grep -E 'fused *:|first TO' $OUT/neighbour_trace.txt
