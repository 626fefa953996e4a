#!/usr/bin/env bash
# Run 74 call 4: after the last read (120a57c): api_gpu_test with its helpers factored
# (assertions unchanged), leak_gpu_test and api_test, through tools/run_gpu_tests.sh's
# new GPU_TEST_DIR and LOG (the runner tools/gpu_suite.sh now uses). Build first (here):
#   bazel build //graphs:leak_gpu_test //engine:api_gpu_test //engine:api_test
#   rm -rf bundle_small; mkdir -p bundle_small; cp bazel-bin/graphs/leak_gpu_test \
#     bazel-bin/engine/api_gpu_test bazel-bin/engine/api_test bundle_small/
#   git rev-parse --short HEAD > bundle_small/COMMIT
# carry: bundle_small
date -u; cat bundle_small/COMMIT; nvidia-smi -L
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
GPU_TEST_DIR=bundle_small LOG=$OUT/tests_full.txt tools/run_gpu_tests.sh
echo "run_gpu_tests exit $?"
grep -c "^=== " $OUT/tests_full.txt
echo "call done at $SECONDS s"
