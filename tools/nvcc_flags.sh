#!/usr/bin/env bash
# The nvcc flags that decide the kernels' code, read from the build's own list
# (tools/cuda.bzl's NVCC_FLAGS), so that the scripts which compile outside Bazel
# (tools/same_ptx.sh, tools/sass_sizes.sh) build what Bazel builds. Leaves out the flags
# that only report or set host-compiler warnings (-Xptxas=-v, -Xcompiler=...).
#   tools/nvcc_flags.sh          one flag a word, on one line
set -euo pipefail
bzl="$(dirname "$0")/cuda.bzl"
flags=$(sed -n '/^NVCC_FLAGS = \[/,/^\]/p' "$bzl" | sed -n 's/^ *"\([^"]*\)",$/\1/p' |
  grep -v -e '^-Xptxas' -e '^-Xcompiler' | tr '\n' ' ')
case " $flags " in
  *" -gencode=arch=compute_90a,code=sm_90a "*) ;;
  *) echo "tools/nvcc_flags.sh: NVCC_FLAGS in $bzl not as expected: $flags" >&2; exit 1 ;;
esac
echo "${flags% }"
