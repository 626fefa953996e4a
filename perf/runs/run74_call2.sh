#!/usr/bin/env bash
# Run 74 call 2: leak_gpu_test's new host-heap check on one H200, with both negative
# controls (SHX_LEAK_TEST_INJECT=1 leaks device memory, =2 host memory: each run must
# fail on its own check), then api_gpu_test and api_test at HEAD (the error message of
# aef00b7). Build first (here):
#   bazel build //graphs:leak_gpu_test //engine:api_gpu_test //engine:api_test
#   mkdir -p bundle_small; cp bazel-bin/graphs/leak_gpu_test bazel-bin/engine/api_gpu_test \
#     bazel-bin/engine/api_test bundle_small/; git rev-parse --short HEAD > bundle_small/COMMIT
# carry: bundle_small
date -u; cat bundle_small/COMMIT; nvidia-smi -L
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for inject in 0 1 2; do
  echo "== leak_gpu_test SHX_LEAK_TEST_INJECT=$inject"
  SHX_LEAK_TEST_INJECT=$inject timeout 120 bundle_small/leak_gpu_test 2>&1 | tail -5
  echo "exit ${PIPESTATUS[0]}"
done
for test in api_gpu_test api_test; do
  echo "== $test"; timeout 60 bundle_small/$test 2>&1 | tail -3; echo "exit ${PIPESTATUS[0]}"
done
echo "call done at $SECONDS s"
