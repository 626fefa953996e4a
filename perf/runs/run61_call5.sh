#!/usr/bin/env bash
# Run 61 call 5: a step beside lighter persistent kernels than the stand-in (128 KB a
# CTA): neighbour_gpu_test --form spin (640-thread CTAs, no shared memory, 10 registers a
# thread), spin16k (16 KB of shared memory a CTA) and spinregs (72 registers a thread:
# 46K of an SM's 64K, as NCCL's 640-thread kernels may hold), at B = 9 and 128, with the
# cooperative launch.
# Build first (here, with Bazel):
#   bazel build //graphs:neighbour_gpu_test
#   mkdir bundle_v; cp bazel-bin/graphs/neighbour_gpu_test bundle_v/
#   git rev-parse --short HEAD > bundle_v/COMMIT
#   rm -f bundle_pack/*; tar cJf bundle_pack/run61_call5.tar.xz bundle_v
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run61_call5.tar.xz && cat bundle_v/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/stdout.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_v
for form in spin spin16k spinregs; do
  timeout 120 ./neighbour_gpu_test --form $form 9 128 > $OUT/neighbour_$form.txt 2>&1
  echo "neighbour_gpu_test --form $form 9 128: exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
  grep -E 'fused|first TO' $OUT/neighbour_$form.txt | cut -c1-330 | tee -a $OUT/stdout.txt
done
