#!/usr/bin/env bash
# Run 60 call 2: graphs/soak_gpu_test with the busy neighbour (half its phases) on one H200: its default length (3000 steps
# a tp, as tools/run_gpu_tests.sh runs it), then 30000 steps a tp with another seed; the
# two-GPU target must report itself skipped on one GPU.
# Build first (here, with Bazel):
#   bazel build //graphs:soak_1gpu_test //graphs:soak_2gpu_test
#   mkdir bundle_soak; cp bazel-bin/graphs/soak_{1,2}gpu_test bundle_soak/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run60_call2.tar.xz bundle_soak
# carry: bundle_pack
date -u
tar xJf bundle_pack/run60_call2.tar.xz && cat bundle_soak/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_soak
./soak_2gpu_test; echo "soak_2gpu_test: exit $?"
./soak_1gpu_test 2>&1 | tee $OUT/soak_default.txt; echo "soak_1gpu_test (default): exit ${PIPESTATUS[0]} after $SECONDS s"
timeout 420 ./soak_1gpu_test 30000 7 2>&1 | tee $OUT/soak_30000.txt; echo "soak_1gpu_test 30000 7: exit ${PIPESTATUS[0]} after $SECONDS s"
