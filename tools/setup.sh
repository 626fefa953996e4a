#!/usr/bin/env bash
# Installs what the build needs on a fresh Debian 12 machine (run as root, or with
# sudo available): Debian's bazel-bootstrap and bazel-rules-java, gnuplot for the
# plots, and cmake and pkg-config for the test that builds docs/example as an engine.
# The CUDA 13 toolkit (nvcc, cudart, cuBLASLt, NCCL) must already be at /usr/local/cuda:
# it is not in Debian's archive at this version.
set -euo pipefail

# `tools/setup.sh build`: what the build alone needs (tools/install.sh).
need=()
command -v bazel >/dev/null 2>&1 || need+=(bazel-bootstrap)
[ -d /usr/share/bazel/rules/java ] || need+=(bazel-rules-java)
if [ "${1:-}" != build ]; then
  command -v gnuplot >/dev/null 2>&1 || need+=(gnuplot-nox)
  # tools:consumer_build_test builds docs/example outside Bazel, as engines would.
  command -v cmake >/dev/null 2>&1 || need+=(cmake)
  command -v pkg-config >/dev/null 2>&1 || need+=(pkgconf)
  command -v c++filt >/dev/null 2>&1 || need+=(binutils)
fi
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "setup: /usr/local/cuda/bin/nvcc is missing: install the CUDA 13 toolkit there" >&2
  exit 1
fi
