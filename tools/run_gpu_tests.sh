#!/usr/bin/env bash
# Runs every GPU test binary beside this script (a bundle made by tools/bundle.sh), or in
# GPU_TEST_DIR where set, and prints "N passed, N failed, N skipped" last. Exit 77 from a
# test means skipped; a test still running after GPU_TEST_TIMEOUT seconds (900) fails.
# With LOG=FILE (an absolute path) each test's whole output is appended to FILE after a
# "=== ./name" line; the lines printed here keep its last 40. Where the bundle has a TESTS
# file (tools/bundle.sh writes one from its test targets) it runs exactly those, and one
# that is not here fails; without it, every *gpu_test and api_test here. A run that finds
# no test fails.
cd "${GPU_TEST_DIR:-$(dirname "$0")}" || exit 1
passed=0 failed=0 skipped=0
binaries=()
if [ -f TESTS ]; then
  while read -r name || [ -n "$name" ]; do # a last line without its newline too
    [ -z "$name" ] && continue
    if [ -x "./$name" ]; then binaries+=("./$name"); continue; fi
    failed=$((failed + 1)); echo "== FAILED ./$name (listed in TESTS, not here)"
  done < TESTS
else
  for binary in ./*gpu_test ./api_test; do [ -x "$binary" ] && binaries+=("$binary"); done
fi
for binary in "${binaries[@]}"; do
  start=$(date +%s%N)
  out=$(timeout "${GPU_TEST_TIMEOUT:-900}" "$binary" 2>&1); code=$? # 124: timed out
  milliseconds=$(( ($(date +%s%N) - start) / 1000000 ))
  case $code in
    0) passed=$((passed + 1)); status=PASSED ;;
    77) skipped=$((skipped + 1)); status=SKIPPED ;;
    *) failed=$((failed + 1)); status=FAILED ;;
  esac
  [ -n "${LOG:-}" ] && printf '=== %s\n%s\n' "$binary" "$out" >> "$LOG"
  echo "== $status $binary (${milliseconds} ms)"
  echo "$out" | tail -40
done
if [ $((passed + failed + skipped)) -eq 0 ]; then
  failed=1; echo "== FAILED no test binary in $PWD"
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
