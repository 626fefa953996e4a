#!/usr/bin/env bash
# Builds the GPU tests and programs with Bazel and copies them into bundle/ (git-
# ignored), which runs on a GPU host without Bazel:
#   LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib bundle/run_gpu_tests.sh
# Binaries link cudart statically; they need the driver, libcublasLt.so.13 (the path
# above) and, for NCCL comparisons, libnccl.so.2 in the system library path.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
targets=$(bazel query 'attr(tags, gpu, tests(//...))')
bazel build $targets //perf:decode_step //perf:profile_step //perf:bench //engine:api_test
rm -rf bundle && mkdir -p bundle/testdata
for target in $targets //perf:decode_step //perf:profile_step //perf:bench //engine:api_test; do
  cp "bazel-bin/$(echo "${target#//}" | tr ':' '/')" bundle/
done
cp -r testdata/golden bundle/testdata/
cp tools/run_gpu_tests.sh bundle/
git rev-parse --short HEAD > bundle/COMMIT  # which sources the binaries are
chmod -R u+w bundle
echo "bundle: $(ls bundle | wc -l) files in bundle/"
