#!/usr/bin/env bash
# Installs the operator for engines that do not build with Bazel:
#   tools/install.sh PREFIX
# PREFIX/include/shared_expert.h, PREFIX/lib/libshared_expert.a (every object of the op
# module and its kernels, built for sm_90a), PREFIX/lib/pkgconfig/shared_expert.pc and
# PREFIX/lib/cmake/shared_expert/shared_expertConfig.cmake (target shared_expert::shared_expert).
# The archive does not contain the CUDA runtime or cuBLASLt: both files name those of the
# toolkit it was built with (/usr/local/cuda). docs/example/ builds against an installed
# copy.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: tools/install.sh PREFIX" >&2; exit 2; }
prefix=$(realpath -m "$1") # relative to where it was called from
cd "$(dirname "$0")/.."
tools/setup.sh build
bazel build //:shared_expert_archive
tools/install_files.sh "$prefix" bazel-bin/libshared_expert.a include/shared_expert.h
echo "install: $prefix/lib/libshared_expert.a, $prefix/include/shared_expert.h"
