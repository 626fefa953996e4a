#!/usr/bin/env bash
# The main job (README): builds the decode-step program and runs it. On a Hopper GPU it
# checks one decode step of each variant against the CPU reference and times it; with
# no GPU it says so and runs the CPU reference on the golden files in testdata/.
set -euo pipefail
golden=${1:+$(realpath -m "$1")} # a folder given is read from where the caller stands
cd "$(dirname "$0")/.."
tools/setup.sh build
bazel build //perf:decode_step
exec bazel-bin/perf/decode_step "${golden:-testdata/golden}"
