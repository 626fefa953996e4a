#!/usr/bin/env bash
# Run 36, call 11 (perf/RESULTS.md), nvidia-h200: call 9's probe with its ring stages
# counted as the loops go instead of a runtime `fill % stages` per fill (the commit in
# bundle_probe/COMMIT), against call 8's probe (cf110bf, bundle_probe/down_probe_c8), on
# one machine, the SM clock read around them; then the new probe's full table twice.
# carry: bundle_probe
source tools/gpu_env.sh "$OUT"
cat bundle_probe/COMMIT
clocks() { nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,clocks_throttle_reasons.active --format=csv,noheader; }
for b in down_probe_c8 down_probe; do
  echo "== $b"; clocks; timeout 90 bundle_probe/$b 32 | grep -E "^(down|gate/up) .* (9|64) "; clocks
done
for i in 1 2; do echo "== down_probe run $i"; timeout 90 bundle_probe/down_probe 32; echo "exit $?"; done
