#!/usr/bin/env bash
# Builds the GPU tests and programs with Bazel and copies them into bundle/ (or the
# folder given, e.g. bundle_patched/ for an A/B run; both git-ignored), which runs on a
# GPU host without Bazel:
#   LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib bundle/run_gpu_tests.sh
# Binaries link cudart statically; they need the driver, libcublasLt.so.13 (the path
# above) and, for NCCL comparisons, libnccl.so.2 in the system library path.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
targets=$(bazel query 'attr(tags, gpu, tests(//...))')
bazel build $targets //perf:decode_step //perf:profile_step //perf:bench //engine:api_test
out=${1:-bundle}
case $out in bundle|bundle_*) ;; *) echo "bundle: the folder must be bundle or bundle_*"; exit 2;; esac
rm -rf "$out" && mkdir -p "$out"
for target in $targets //perf:decode_step //perf:profile_step //perf:bench //engine:api_test; do
  cp "bazel-bin/$(echo "${target#//}" | tr ':' '/')" "$out/"
done
# No golden files: with a GPU the programs do not read them, and the repository's
# testdata/ travels with the working tree anyway (../testdata/golden from here).
cp tools/run_gpu_tests.sh "$out/"
# Which sources the binaries are: the commit, and "+changes" if the tree differed.
echo "$(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo +changes)" \
  > "$out/COMMIT"
chmod -R u+w "$out"
echo "bundle: $(ls "$out" | wc -l) files in $out/"
