#!/usr/bin/env bash
# Installs what the build needs on a fresh Debian 12 machine (run as root, or with
# sudo available): Debian's bazel-bootstrap and bazel-rules-java, and for the tests
# gnuplot for the plots, cmake and pkg-config for the test that builds docs/example
# as an engine, and clang for the test that compiles the library's C sources with it.
# The CUDA 13 toolkit (nvcc, cudart, cuBLASLt) must already be at /usr/local/cuda, and
# for the tests NCCL 2.28 too (its header and library copied into the toolkit's include/
# and lib64/): they are not in Debian's archive at these versions.
# They are checked first, before anything is installed.
#   tools/setup.sh          the tests and the GPU bundle (tools/test.sh, tools/bundle.sh)
#   tools/setup.sh build    the library and the main job (tools/install.sh, tools/run.sh)
set -euo pipefail

cuda=/usr/local/cuda
missing=()
[ -x "$cuda/bin/nvcc" ] || missing+=("$cuda/bin/nvcc (the CUDA 13 toolkit)")
[ -e "$cuda/lib64/libcublasLt.so" ] || missing+=("$cuda/lib64/libcublasLt.so (cuBLASLt)")
if [ "${1:-}" != build ]; then
  # The NCCL comparison and the symmetric-window tests; the library does not link NCCL.
  [ -e "$cuda/lib64/libnccl.so" ] || missing+=("$cuda/lib64/libnccl.so (NCCL 2.28)")
  [ -e "$cuda/include/nccl.h" ] || missing+=("$cuda/include/nccl.h (NCCL 2.28)")
fi
if [ ${#missing[@]} -gt 0 ]; then
  for file in "${missing[@]}"; do echo "setup: missing $file" >&2; done
  echo "setup: install the CUDA 13 toolkit at $cuda (for the tests also NCCL 2.28:" \
       "copy nccl.h and libnccl.so* into its include/ and lib64/)" >&2
  exit 1
fi

need=()
command -v bazel >/dev/null 2>&1 || need+=(bazel-bootstrap)
[ -d /usr/share/bazel/rules/java ] || need+=(bazel-rules-java)
# nvcc's host compiler; bazel-bootstrap brings it, a Bazel from elsewhere may not.
command -v g++ >/dev/null 2>&1 || need+=(g++)
if [ "${1:-}" != build ]; then
  command -v gnuplot >/dev/null 2>&1 || need+=(gnuplot-nox)
  # tools:consumer_build_test builds docs/example outside Bazel, as engines would.
  command -v cmake >/dev/null 2>&1 || need+=(cmake)
  command -v pkg-config >/dev/null 2>&1 || need+=(pkgconf)
  command -v c++filt >/dev/null 2>&1 || need+=(binutils)
  # tools:clang_c11_test checks the library's C sources with clang too.
  command -v clang >/dev/null 2>&1 || need+=(clang)
fi
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "setup: needs ${need[*]}: run this as root, or install sudo" >&2
      exit 1
    fi
    sudo="sudo"
  fi
  echo "setup: installing ${need[*]}"
  $sudo apt-get update -qq
  # Through env: Debian's sudo resets the environment, a plain assignment would be lost.
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
# The workspace is written for Bazel 4.2 (Debian's bazel-bootstrap); another Bazel on the
# PATH is used as it is, with a warning, since its WORKSPACE support differs. Debian's
# bootstrap build calls itself "bazel no_version".
version=$(bazel --version 2>/dev/null || true)
case "$version" in
  "bazel 4.2"* | "bazel no_version") ;;
  *) echo "setup: warning: '${version:-bazel}' is not Bazel 4.2 (Debian's bazel-bootstrap);" \
          "the build is tested with 4.2.3 only" >&2 ;;
esac
