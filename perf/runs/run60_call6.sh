#!/usr/bin/env bash
# Run 60 call 6: every one-GPU test of main (tools/run_gpu_tests.sh over the full
# bundle), the new soak_1gpu_test and neighbour_gpu_test among them at their defaults
# (neighbour: B = 9, 64, 128, its final bounds); the two-GPU tests report themselves
# skipped.
# Build first (here, with Bazel):
#   tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run60_call6.tar.xz bundle
# carry: bundle_pack
date -u
tar xJf bundle_pack/run60_call6.tar.xz && cat bundle/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 560 bundle/run_gpu_tests.sh > $OUT/gpu_tests.txt 2>&1; echo "run_gpu_tests: exit $? after $SECONDS s"
grep -E '^== |passed, ' $OUT/gpu_tests.txt
grep -A30 'neighbour: each step' $OUT/gpu_tests.txt | grep -E 'fused: completes|B 128 fused|B   9 fused'
