#!/usr/bin/env bash
# The test command (README): every CPU test through Bazel, then every GPU test, which
# reports itself skipped (exit 77) where no Hopper GPU is visible. Bazel 4 has no
# "skipped" status, so GPU tests (tag "gpu") run here rather than under `bazel test`.
# Then the FILL STAMPS diagnostic build. Prints "N passed, N failed, N skipped" last.
set -uo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh || exit 1

# A query that fails (a BUILD file that does not load) is a failure, not zero tests: the
# loop below would otherwise find nothing to fail and the run would end "0 failed".
# The tags are matched as whole list elements ("gpu", not "multi_gpu"), and tests tagged
# "manual" are left out, as `bazel test //...` leaves them.
query_failed=0
gpu_tag='attr(tags, "[\[ ]gpu[,\]]", tests(//...))'
manual_tag='attr(tags, "[\[ ]manual[,\]]", tests(//...))'
cpu_list=$(bazel query "tests(//...) except $gpu_tag except $manual_tag") || query_failed=1
gpu_tests=$(bazel query "$gpu_tag except $manual_tag") || query_failed=1
cpu_tests=$(echo "$cpu_list" | grep -c .)
if [ "$query_failed" -ne 0 ] || [ "$cpu_tests" -eq 0 ] || [ -z "$gpu_tests" ]; then
  echo "FAILED  bazel query: the workspace's tests could not be listed"
  query_failed=1
fi
# A listed CPU test passed where Bazel's summary says so ("PASSED in", cached or not);
# every other listed test counts failed, and a failed `bazel test` at least one (the
# build could not start). --keep_going: one target that does not compile fails its own
# tests, not every test after it; the GPU tests are built below, one by one, so that
# one of them that does not compile is counted there, once.
bazel_log=$(mktemp)
bazel test --keep_going --build_tag_filters=-gpu //... 2>&1 | tee "$bazel_log"
bazel_code=${PIPESTATUS[0]}
cpu_passed=$(grep -E '^//[^ ]+ +(\(cached\) )?PASSED in' "$bazel_log" |
  awk '{ print $1 }' | grep -cFx -f <(echo "$cpu_list"))
rm -f "$bazel_log"
cpu_failed=$((cpu_tests - cpu_passed))
[ "$bazel_code" -eq 0 ] || [ "$cpu_failed" -gt 0 ] || cpu_failed=1

passed=$cpu_passed failed=$((cpu_failed + query_failed)) skipped=0
# A GPU test whose build failed is failed, not run: bazel-bin may still hold its binary
# from an earlier build, which would otherwise run in its place.
for target in $gpu_tests; do
  if ! built=$(bazel build "$target" 2>&1); then
    failed=$((failed + 1)); echo "FAILED  $target: not built"; echo "$built" | tail -20
    continue
  fi
  binary="bazel-bin/$(echo "${target#//}" | tr ':' '/')"
  # Outside Bazel no test timeout applies: a hung GPU test fails here after GPU_TEST_TIMEOUT.
  out=$(timeout "${GPU_TEST_TIMEOUT:-900}" "$binary" 2>&1); code=$?
  case $code in
    0) passed=$((passed + 1)); echo "PASSED  $target" ;;
    77) skipped=$((skipped + 1)); echo "SKIPPED $target: $(echo "$out" | tail -1)" ;;
    124) failed=$((failed + 1)); echo "FAILED  $target: timed out"; echo "$out" | tail -20 ;;
    *) failed=$((failed + 1)); echo "FAILED  $target"; echo "$out" | tail -20 ;;
  esac
done
# The FILL STAMPS diagnostic build (ops/fused.cu, `--define shx_fill_stamps=1`) must keep
# compiling: its code is behind #if. Then the default build again, so that bazel-bin holds
# the production kernels (and their ptxas report) as before.
if bazel build --define shx_fill_stamps=1 //perf:profile_step; then
  passed=$((passed + 1)); echo "PASSED  //perf:profile_step (--define shx_fill_stamps=1)"
else
  failed=$((failed + 1)); echo "FAILED  //perf:profile_step (--define shx_fill_stamps=1)"
fi
bazel build //perf:profile_step //ops:fused >/dev/null 2>&1 || true
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
