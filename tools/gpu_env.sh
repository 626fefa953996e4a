# Sourced by the tools/gpu_*.sh scripts on a GPU host: the bundle folder
# (BUNDLE, default bundle/, made by tools/bundle.sh), the output folder `out` (absolute,
# created from the script's first argument, default ./out), and the environment the
# binaries need (cuBLASLt's library path; NVLink multicast off for NCCL).
bundle=${BUNDLE:-bundle}
mkdir -p "${1:-out}" && out=$(cd "${1:-out}" && pwd)
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
export NCCL_NVLS_ENABLE=0

# Runs each named test binary of the bundle with a timeout; logs land in $out.
run_bundle_tests() {
  for test in "$@"; do
    echo "== $test"
    timeout ${TEST_TIMEOUT:-120} "$bundle/$test" > "$out/$test.log" 2>&1
    echo "exit $?"; tail -${TAIL:-14} "$out/$test.log"
  done
}
