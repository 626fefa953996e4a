#!/usr/bin/env bash
# The one-GPU validation of a change to host code, on a GPU host from the repository root:
# every GPU test of a bundle (tools/bundle.sh; the two-GPU tests report themselves skipped
# on one GPU) and api_test with their whole output, then the main job (decode_step on
# the golden files).
#   [PACK=bundle_pack/NAME.tar.xz] [BUNDLE=bundle] [TEST_TIMEOUT=200] [MAIN_TIMEOUT=150] \
#     tools/gpu_suite.sh OUTDIR
# With PACK, the packed bundle (tar cJf PACK bundle, made here and carried) is unpacked
# first and OUTDIR/head.txt gets the date, its bundle/COMMIT and the GPUs.
# OUTDIR/call.txt gets each test's verdict and time, "N passed, N failed, N skipped", the
# largest relative L2 errors printed, the skip reasons and the main job's last lines;
# OUTDIR/tests_full.txt.gz every test's output, OUTDIR/tests_runner.txt the runner's own
# lines, OUTDIR/decode_step.txt the main job's.
# Exit 0 only where no test failed, at least one ran, and the main job passed on a Hopper
# GPU; call.txt ends "gpu_suite exit N".
set -u
source "$(dirname "$0")/gpu_env.sh" "${1:?usage: [BUNDLE=bundle] tools/gpu_suite.sh OUTDIR}"
if [ -n "${PACK:-}" ]; then
  # A pack that does not unpack whole ends the suite: a bundle left by an earlier call
  # (or part of one) would otherwise be validated under the new pack's name.
  rm -rf "$bundle"
  tar xJf "$PACK" || {
    printf 'gpu_suite: cannot unpack %s\ngpu_suite exit 1\n' "$PACK" | tee "$out/call.txt"
    exit 1
  }
  { date -u; cat "$bundle/COMMIT"; nvidia-smi -L; } 2>&1 | tee "$out/head.txt"
fi
rm -f "$out"/tests_* # a rerun into OUTDIR starts afresh
echo "bundle $bundle of $(cat "$bundle/COMMIT")" | tee "$out/call.txt"
# The tests through the bundle runner (tools/run_gpu_tests.sh), their whole output to
# tests_full.txt; its verdict lines and summary into call.txt.
GPU_TEST_DIR="$bundle" GPU_TEST_TIMEOUT="${TEST_TIMEOUT:-200}" LOG="$out/tests_full.txt" \
  "$(dirname "$0")/run_gpu_tests.sh" > "$out/tests_runner.txt" 2>&1
grep -E "^== " "$out/tests_runner.txt" | tee -a "$out/call.txt"
summary=$(tail -1 "$out/tests_runner.txt")
tests_ok=0 # the runner's summary read, no test failed, at least one ran
[[ $summary =~ ^([0-9]+)\ passed,\ 0\ failed,\ ([0-9]+)\ skipped$ ]] &&
  [ $((BASH_REMATCH[1] + BASH_REMATCH[2])) -gt 0 ] && tests_ok=1
{
  echo "$summary (tests done at $SECONDS s)"
  echo "largest relative L2 errors printed, of $(grep -c "rel L2 " "$out/tests_full.txt"):"
  grep -o "rel L2 [0-9.e+-]*" "$out/tests_full.txt" | sort -k3 -g | tail -3
  echo "largest worst-element errors printed, of $(grep -c "worst element " \
    "$out/tests_full.txt") (fractions of the RMS beyond 4 ulps):"
  grep -o "worst element [0-9.e+-]*" "$out/tests_full.txt" | sort -k3 -g | tail -3
  grep -E "tail against its mailbox" "$out/tests_full.txt" | head -12
  grep -E "^SKIPPED" "$out/tests_full.txt" | sort | uniq -c
  grep -E "api_test|api_gpu_test|CHECK failed|differs|expected " "$out/tests_full.txt" | head -20
} | tee -a "$out/call.txt"
(cd "$bundle" && timeout "${MAIN_TIMEOUT:-150}" ./decode_step ../testdata/golden) \
  > "$out/decode_step.txt" 2>&1
main=$?
echo "decode_step exit $main at $SECONDS s" | tee -a "$out/call.txt"
# Where the runtime sees no Hopper GPU every GPU test skips and the main job runs the CPU
# reference, all with exit 0: nothing was validated.
if grep -q "^No Hopper" "$out/decode_step.txt"; then
  echo "no Hopper GPU visible: nothing validated" | tee -a "$out/call.txt"
  main=1
fi
tail -16 "$out/decode_step.txt" | tee -a "$out/call.txt"
[ -f "$out/tests_full.txt" ] && gzip -f "$out/tests_full.txt"
[ "$tests_ok" -eq 1 ] && [ "$main" -eq 0 ]
result=$?
echo "gpu_suite exit $result" | tee -a "$out/call.txt"
exit $result
