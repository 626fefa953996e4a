#!/usr/bin/env bash
# Run 27, call 8 (perf/RESULTS.md): where the down loop's ~0.2 us a fill goes, in clock64
# cycles summed per part of mma_blocks for the first down job (bundle_cyc = 9611a0e +
# docs/experiments/down_cycles.patch).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_cyc/COMMIT
for cfg in "16 9 40" "16 9 1" "8 9 40" "8 9 1" "16 1 40" "16 64 40"; do
  set -- $cfg
  echo "== TP$1 B=$2 steps $3"
  (cd bundle_cyc && timeout 30 ./profile_step fused $1 $2 $3 1 trace 2>&1 | grep -E "per step|grid barrier|first down|down loop")
done
