#!/usr/bin/env bash
# Installs what the build needs on a fresh Debian 12 machine (run as root, or with
# sudo available): Debian's bazel-bootstrap and bazel-rules-java, and gnuplot for the
# plots. The CUDA 13 toolkit (nvcc, cudart, cuBLASLt, NCCL) must already be at
# /usr/local/cuda: it is not in Debian's archive at this version.
set -euo pipefail

need=()
command -v bazel >/dev/null 2>&1 || need+=(bazel-bootstrap)
[ -d /usr/share/bazel/rules/java ] || need+=(bazel-rules-java)
command -v gnuplot >/dev/null 2>&1 || need+=(gnuplot-nox)
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
