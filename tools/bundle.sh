#!/usr/bin/env bash
# Builds the GPU tests and programs with Bazel and copies them into bundle/ (or the
# folder given, e.g. bundle_patched/ for an A/B run; both git-ignored), which runs on a
# GPU host without Bazel (`tools/bundle.sh bundle_x ab`: the small A/B set, below):
#   LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib bundle/run_gpu_tests.sh
# Binaries link cudart statically; they need the driver, libcublasLt.so.13 (the path
# above) and, for NCCL comparisons, libnccl.so.2 in the system library path.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
out=${1:-bundle}
case $out in
  bundle|bundle_*) ;;
  *) echo "bundle: the folder must be bundle or bundle_*"; exit 2;;
esac
# A second argument `ab` makes a small bundle for an A/B run of a kernel change (about
# 9 MB instead of 17, so that four fit in one device call's carry): the benchmark, the
# step profiler and the 1-GPU fused, split, mailbox and watchdog tests.
if [ "${2:-}" = ab ]; then
  targets="//graphs:group_fused_1gpu_test //graphs:group_split_1gpu_test //graphs:mailbox_gpu_test
    //graphs:watchdog_gpu_test"
  extra="//perf:profile_step //perf:bench"
else
  targets=$(bazel query 'attr(tags, "[\[ ]gpu[,\]]", tests(//...))')
  extra="//perf:decode_step //perf:profile_step //perf:bench //engine:api_test
    //graphs:group_args_test //perf:capture_probe"
fi
# FILL_STAMPS=1: the diagnostic build (ops/fused.cu FILL STAMPS; profile_step's "fills |"
# rows): its kernels have a sixth warp, so time candidates with a plain bundle.
define=()
[ "${FILL_STAMPS:-0}" = 1 ] && define=(--define shx_fill_stamps=1)
bazel build "${define[@]}" $targets $extra
rm -rf "$out" && mkdir -p "$out"
for target in $targets $extra; do
  cp "bazel-bin/$(echo "${target#//}" | tr ':' '/')" "$out/"
done
# No golden files: the repository's testdata/ travels with the working tree, and
# decode_step reads ../testdata/golden from here (its CPU reference must equal them).
cp tools/run_gpu_tests.sh "$out/"
# The tests this bundle holds, from the targets themselves (not from file names), so that
# its runner runs exactly these and can tell one gone missing.
# The CPU tests that also have a GPU path (api_test creates an op, group_args_test checks
# GPU ranges) run in the bundle too.
tests=" $(echo $targets) //engine:api_test //graphs:group_args_test " # one line
for target in $targets $extra; do
  case $tests in *" $target "*) echo "${target##*:}" ;; esac
done > "$out/TESTS"
# Which sources the binaries are: the commit, and "+changes" if the tree differed
# (untracked files too: a new source a glob picks up is built in).
changes=$([ -z "$(git status --porcelain)" ] || echo +changes)
echo "$(git rev-parse --short HEAD)$changes${define:++fill_stamps}" > "$out/COMMIT"
chmod -R u+w "$out"
echo "bundle: $(ls "$out" | wc -l) files in $out/"
