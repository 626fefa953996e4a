#!/usr/bin/env bash
# One device call's whole sweep, from the repository root on a GPU host with a bundle
# made by tools/bundle.sh, inside one time budget (the device tool allows 600 s a call):
#   1. tools/gpu_check.sh: GPU facts, SASS (HGMMA), the GPU tests, the main job;
#   2. the benchmark, twice back to back (bench --repeat 2): table, CSV, policy;
#   3. trace: the fused kernel's phase stamps (profile_step ... trace) at TP8 and TP16;
#   4. tools/gpu_validate.sh: compute-sanitizer synccheck, memcheck, racecheck;
#   and on request (not in the default PARTS):
#   5. deepseek: the benchmark at the DeepSeek dims, twice (bench_deepseek.csv,
#      policy_deepseek.txt);
#   6. limits: tools/limits.sh, the step cut into phases at every cell (limits.txt).
# Each part gets what is left of BUDGET (seconds, default 560) at most. Logs are packed
# into OUTDIR/logs.tar.gz (the tool brings back at most 8 files); bench.txt, bench.csv,
# policy.txt and session.txt stay beside it.
#   BUDGET=560 PARTS="check bench trace validate" tools/gpu_session.sh OUTDIR
# (run 31 call 10 ran parts 5 and 6 as separate commands, perf/runs/run31_call10.sh.)
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh" "${1:?usage: tools/gpu_session.sh OUTDIR}"
mkdir -p "$out/logs"
budget=${BUDGET:-560}
left() { echo $(( budget - SECONDS > 1 ? budget - SECONDS : 1 )); }
{
  echo "bundle of commit $(cat "$bundle/COMMIT" 2>/dev/null), $(date -u)"
  for part in ${PARTS:-check bench trace validate}; do
    echo "=== $part (at ${SECONDS} s; $(left) s left)"
    case $part in
      check)
        TEST_TIMEOUT=$(( $(left) < 240 ? $(left) : 240 )) MAIN_TIMEOUT=60 \
          timeout "$(left)" tools/gpu_check.sh "$out/logs" ;;
      bench)
        (cd "$bundle" && timeout "$(left)" ./bench ${BENCH_ARGS:---repeat 2} \
          --csv "$out/bench.csv" --policy "$out/policy.txt" > "$out/bench.txt" \
          2> "$out/logs/bench.err"); echo "bench exit $?"; tail -40 "$out/bench.txt" ;;
      trace)
        for shape in "8 9" "16 9" "8 64"; do
          (cd "$bundle" && timeout "$(left)" ./profile_step fused $shape 1 1 trace)
        done ;;
      validate)
        TESTS=" " SANITIZER_TIMEOUT=${SANITIZER_TIMEOUT:-90} SANITIZED=${SANITIZED:-"split fused"} \
          timeout "$(left)" tools/gpu_validate.sh "$out/logs" ;;
      deepseek)
        (cd "$bundle" && timeout "$(left)" ./bench --dims deepseek --repeat 2 \
          --csv "$out/bench_deepseek.csv" --policy "$out/policy_deepseek.txt" \
          > "$out/logs/deepseek.txt" 2> "$out/logs/deepseek.err"); echo "deepseek exit $?"
        tail -30 "$out/logs/deepseek.txt" ;;
      limits)
        BUNDLE=$bundle timeout "$(left)" tools/limits.sh "$out/logs" > "$out/limits.txt" 2>&1
        echo "limits exit $?"; cat "$out/limits.txt" ;;
    esac
  done
  echo "=== done at ${SECONDS} s"
} 2>&1 | tee "$out/session.txt"
tar czf "$out/logs.tar.gz" -C "$out" logs && rm -rf "$out/logs"
