#!/usr/bin/env bash
# Run 61 call 6: call 5 found the light spinner (640 threads, no shared memory, 10
# registers) keeping fused CTAs off its SMs as the 128 KB stand-in does. Is it the SM's
# L1 / shared-memory carveout, set for the kernel running there? neighbour_gpu_test
# --form spinmax (the same spinner, its preferred carveout at the most shared memory) at
# B = 9 and 128.
# Build first (here, with Bazel):
#   bazel build //graphs:neighbour_gpu_test
#   mkdir bundle_v; cp bazel-bin/graphs/neighbour_gpu_test bundle_v/
#   git rev-parse --short HEAD > bundle_v/COMMIT
#   rm -f bundle_pack/*; tar cJf bundle_pack/run61_call6.tar.xz bundle_v
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run61_call6.tar.xz && cat bundle_v/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/stdout.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_v
timeout 120 ./neighbour_gpu_test --form spinmax 9 128 > $OUT/neighbour_spinmax.txt 2>&1
echo "neighbour_gpu_test --form spinmax 9 128: exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
cut -c1-330 $OUT/neighbour_spinmax.txt | tee -a $OUT/stdout.txt
