#!/usr/bin/env bash
# Run 61 call 7: call 6 found the light spinner with its carveout at the most shared
# memory leaving every SM to the fused step. Does a register-heavy one (72 registers x 640
# threads, 46K of an SM's 64K registers) keep fused CTAs off its SMs even so?
# neighbour_gpu_test --form spinregsmax at B = 9 and 128.
# Build first (here, with Bazel):
#   bazel build //graphs:neighbour_gpu_test
#   mkdir bundle_v; cp bazel-bin/graphs/neighbour_gpu_test bundle_v/
#   git rev-parse --short HEAD > bundle_v/COMMIT
#   rm -f bundle_pack/*; tar cJf bundle_pack/run61_call7.tar.xz bundle_v
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run61_call7.tar.xz && cat bundle_v/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/stdout.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_v
timeout 120 ./neighbour_gpu_test --form spinregsmax 9 128 > $OUT/neighbour_spinregsmax.txt 2>&1
echo "neighbour_gpu_test --form spinregsmax 9 128: exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
cut -c1-330 $OUT/neighbour_spinregsmax.txt | tee -a $OUT/stdout.txt
