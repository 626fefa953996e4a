#!/usr/bin/env bash
# The FILL STAMPS traces of several bundles (built with `FILL_STAMPS=1 tools/bundle.sh
# NAME ab`) on a GPU host: for each (TP, B) of SHAPES and each bundle, one traced 40-step
# graph of `profile_step fused TP B 40 1 trace`, all of it in OUTDIR/traces.txt, and its
# step time and "fills |" summary rows (events, CTA 0's down fills, each fill's mean landing
# time) printed, the pattern of perf/runs/run52_call3-5.sh.
#   SHAPES="16 9;16 16" tools/gpu_fill_traces.sh OUTDIR bundle_a bundle_b
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh" "${1:?usage: SHAPES=... tools/gpu_fill_traces.sh OUTDIR BUNDLE...}"
shift
IFS=';' read -ra shapes <<< "${SHAPES:-8 9;8 16}"
for shape in "${shapes[@]}"; do
  for b in "$@"; do
    echo "== $b TP/B $shape"
    (cd "$b" && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
  done
done > "$out/traces.txt"
grep -E "^==|per step|^fills \| (us|CTA 0|landed|[0-9]+:)" "$out/traces.txt" | head -${LINES_SHOWN:-120}
