#!/usr/bin/env bash
# One device call's sweep of kernel candidates against main, the pattern of the runs in
# perf/runs: each candidate's 1-GPU fused, split and mailbox tests, phase traces of main
# and every candidate, then the benchmark table of main and every candidate twice in one
# run (tools/gpu_ab.sh), at the design dims and, with DEEPSEEK_BATCHES, at the DeepSeek
# dims too.
#   MAIN=bundle_main CANDIDATES="bundle_a bundle_b" BATCHES=9,16,32,64 \
#     TRACES="16 9;8 9" DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="16 9;16 32" \
#     tools/gpu_candidates.sh OUTDIR
# Bundles come from `tools/bundle.sh NAME ab`. Writes OUTDIR/ab.tgz (every table) and
# prints the tests' verdicts, the traces and the tables (perf/RESULTS.md takes them);
# with LIMIT_CELLS, last, each bundle's tools/limits.sh rows at those cells (the row's
# last column names the bundle).
# TESTS_OF names the candidates whose tests run (default: all; "" none, for an A/B of
# bundles tested in an earlier call); EXTRA_TESTS adds one-GPU tests to theirs. AB_CARD
# (e.g. H200): the traces, tables and limits run only where `nvidia-smi -L` names that
# card, since a change in when weights are asked for is judged on the target card
# (perf/RESULTS.md run 94); the tests run on any card.
set -u
out_arg=${1:?usage: MAIN=... CANDIDATES="..." tools/gpu_candidates.sh OUTDIR}
source "$(dirname "$0")/gpu_env.sh" "$out_arg"
main=${MAIN:?MAIN names the main bundle}
candidates=${CANDIDATES:?CANDIDATES names the candidate bundles}
for b in $main $candidates; do echo "$b $(cat "$b/COMMIT" 2>/dev/null)"; done
for b in ${TESTS_OF-$candidates}; do
  BUNDLE=$b MAIN= TAIL=2 \
    TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test ${EXTRA_TESTS:-}" \
    "$(dirname "$0")/gpu_check.sh" "$out/check_$b" 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL"
done
if [ -n "${AB_CARD:-}" ] && ! nvidia-smi -L | grep -q "$AB_CARD"; then
  echo "not an $AB_CARD: no traces, A/B or limits"
  rm -rf "$out"/check_*  # as at the end: the verdicts are printed (a SASS dump is 44 MB)
  exit 0
fi
IFS=';' read -ra shapes <<< "${TRACES:-}"
for shape in "${shapes[@]}"; do
  for b in $main $candidates; do
    echo "== $b trace TP/B $shape, last of 40 steps"
    (cd "$b" && timeout 30 ./profile_step fused $shape 40 1 trace 2>&1 |
       grep -E "per step|dependency wait \(c|MMAs done|partials|published|grid barrier|first down|pushed|rror|imeout")
  done
done
BATCHES=${BATCHES:-9,16,32,64} "$(dirname "$0")/gpu_ab.sh" "$out/ab" $main $candidates \
  $main $candidates > "$out/ab.txt" 2>&1
cat "$out/ab.txt"
if [ -n "${DEEPSEEK_BATCHES:-}" ]; then
  BENCH_ARGS="--dims deepseek" BATCHES=$DEEPSEEK_BATCHES "$(dirname "$0")/gpu_ab.sh" \
    "$out/abds" $main $candidates $main $candidates > "$out/abds.txt" 2>&1
  echo "== deepseek dims" # tools/ab_table.sh keeps these cells apart from the above
  cat "$out/abds.txt"
fi
if [ -n "${LIMIT_CELLS:-}" ]; then
  header=1
  for b in $main $candidates; do
    BUNDLE=$b CELLS=$LIMIT_CELLS timeout ${LIMITS_TIMEOUT:-60} "$(dirname "$0")/limits.sh" \
      "$out/limits_$b" > "$out/limits_$b.txt" 2>&1 ||
      echo "limits.sh for $b: exit $? (124: past LIMITS_TIMEOUT), its cells may be missing"
    if [ $header = 1 ]; then  # limits.sh's own header, with the build column
      grep -E "^\| tp |^\|---" "$out/limits_$b.txt" | sed '1s/$/ build |/;2s/$/---|/'
      header=0
    fi
    grep "^| [0-9]" "$out/limits_$b.txt" | sed "s/\$/ ${b#bundle_} |/"
  done
fi
(cd "$out" && tar czf ab.tgz ab* && rm -rf ab abds check_* limits_*)
