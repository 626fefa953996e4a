#!/usr/bin/env bash
# Run 36, call 13 (perf/RESULTS.md), nvidia-h200: perf/down_probe (the commit in
# bundle_probe/COMMIT) with the "grid-res" shape: call 12's 96-CTA gate/up grid with form
# B's 7 fills all resident (no refills), to tell whether its slowdown in the grid at small
# batches comes from its refills through a 4-stage ring. Twice.
# carry: bundle_probe
source tools/gpu_env.sh "$OUT"
cat bundle_probe/COMMIT
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader
for i in 1 2; do echo "== run $i"; timeout 120 bundle_probe/down_probe 32; echo "exit $?"; done
