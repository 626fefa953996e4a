#!/usr/bin/env bash
# The one-GPU validation of a change to host code, on a GPU host from the repository root:
# every GPU test of a bundle (tools/bundle.sh; the two-GPU tests report themselves skipped
# on one GPU) and api_test with their whole output, then the main job (decode_step on
# the golden files).
#   [BUNDLE=bundle] [TEST_TIMEOUT=200] [MAIN_TIMEOUT=150] tools/gpu_suite.sh OUTDIR
# OUTDIR/call.txt gets each test's verdict and time, "N passed, N failed, N skipped", the
# largest relative L2 errors printed, the skip reasons and the main job's last lines;
# OUTDIR/tests_full.txt.gz every test's output, OUTDIR/decode_step.txt the main job's.
# Exit 0 only where no test failed, at least one ran, and the main job passed.
set -u
source "$(dirname "$0")/gpu_env.sh" "${1:?usage: [BUNDLE=bundle] tools/gpu_suite.sh OUTDIR}"
rm -f "$out/tests_full.txt" "$out/tests_full.txt.gz" # a rerun into OUTDIR starts afresh
echo "bundle $bundle of $(cat "$bundle/COMMIT")" | tee "$out/call.txt"
passed=0 failed=0 skipped=0
for binary in "$bundle"/*gpu_test "$bundle"/api_test; do
  [ -x "$binary" ] || continue
  start=$SECONDS
  echo "=== $binary" >> "$out/tests_full.txt"
  timeout "${TEST_TIMEOUT:-200}" "$binary" >> "$out/tests_full.txt" 2>&1; code=$?
  case $code in
    0) passed=$((passed + 1)); verdict=PASSED ;;
    77) skipped=$((skipped + 1)); verdict=SKIPPED ;;
    *) failed=$((failed + 1)); verdict="FAILED ($code)" ;;
  esac
  echo "== $verdict $binary ($((SECONDS - start)) s)" | tee -a "$out/call.txt"
done
{
  echo "$passed passed, $failed failed, $skipped skipped (at $SECONDS s)"
  echo "largest relative L2 errors printed, of $(grep -c "rel L2 " "$out/tests_full.txt"):"
  grep -o "rel L2 [0-9.e+-]*" "$out/tests_full.txt" | sort -k3 -g | tail -3
  grep -E "^SKIPPED" "$out/tests_full.txt" | sort | uniq -c
  grep -E "api_test|api_gpu_test|CHECK failed|differs|expected " "$out/tests_full.txt" | head -20
} | tee -a "$out/call.txt"
(cd "$bundle" && timeout "${MAIN_TIMEOUT:-150}" ./decode_step ../testdata/golden) \
  > "$out/decode_step.txt" 2>&1
main=$?
echo "decode_step exit $main at $SECONDS s" | tee -a "$out/call.txt"
tail -16 "$out/decode_step.txt" | tee -a "$out/call.txt"
[ -f "$out/tests_full.txt" ] && gzip -f "$out/tests_full.txt"
[ "$failed" -eq 0 ] && [ $((passed + skipped)) -gt 0 ] && [ "$main" -eq 0 ]
