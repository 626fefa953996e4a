#!/usr/bin/env bash
# What limits the fused step, cell by cell: on a GPU host, for each (TP, B) of CELLS,
# the step of a 40-step graph (PDL on, 10 weight sets; the design dims, or with
# SHX_DIMS=deepseek in the environment the DeepSeek dims, SHX_DIMS=H,I_TOTAL[,ACT] another
# model's, where small weights take more sets and steps: perf/profile_step.c) from one
# dependency
# wait to the next, cut at the kernel's phase stamps and averaged over the graph's last
# 16 steps (perf/profile_step.c, print_breakdown), as one Markdown table; then the same
# graph without stamps, to show what the stamps cost.
#   [BUNDLE=bundle] [CELLS="8 9;16 9"] tools/limits.sh [OUTDIR]
# CELLS=targets: every row of the bench's target range (B = 9, 13, 16, 24, 32, 40, 48, 56,
# 64) and B = 128, at TP8 and TP16 (issue 3's cells; runs 110 and 112).
# SHX_ENGINE_STATE=1 in the environment cuts the steps of a process in the engine state
# (perf/timing.h ENGINE STATE).
# The weight bytes a rank streams per step (gate, up, down) and the time the SPEC's
# 4.48 TB/s roofline needs for them are columns too, from profile_step's row.
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh" "${1:-out}"
cells=${CELLS:-"8 9;8 16;8 32;8 64;8 128;16 9;16 16;16 32;16 64;16 128"}
if [ "$cells" = targets ]; then
  cells=""
  for tp in 8 16; do
    for batch in 9 13 16 24 32 40 48 56 64 128; do cells="$cells${cells:+;}$tp $batch"; done
  done
fi
echo "| tp | B | weights MB | at 4.48 TB/s | step (wait to wait) | x landed | gate/up loop |" \
     "exchange | reduce | h release | grid barrier | h landed | down loop | push |" \
     "slowest push | gap to the next wait | graph step, stamped | graph step, no stamps |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
IFS=';' read -ra shapes <<< "$cells"
for shape in "${shapes[@]}"; do
  read -r tp batch <<< "$shape"
  traced=$(cd "$bundle" && timeout 60 ./profile_step fused "$tp" "$batch" 40 1 trace 2>&1)
  plain=$(cd "$bundle" && timeout 60 ./profile_step fused "$tp" "$batch" 40 1 2>&1)
  row=$(grep "^breakdown |" <<< "$traced" | sed 's/^breakdown //')
  stamped=$(grep -o "[0-9.]* us per step" <<< "$traced" | cut -d' ' -f1)
  unstamped=$(grep -o "[0-9.]* us per step" <<< "$plain" | cut -d' ' -f1)
  if [ -z "$row" ]; then
    echo "| $tp | $batch | no breakdown: $(tail -1 <<< "$traced") |"
    continue
  fi
  echo "$row $stamped | ${unstamped:-no time: $(tail -1 <<< "$plain")} |"
done
