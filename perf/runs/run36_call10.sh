#!/usr/bin/env bash
# Run 36, call 10 (perf/RESULTS.md), nvidia-h200: call 8's probe (cf110bf,
# bundle_probe/down_probe_c8: 128 threads, thread 0 issues the loads) and call 9's
# (57f5de0, bundle_probe/down_probe: 160 threads, a loader warp) back to back on one
# machine, with the SM clock read around them: call 9's times were about 1.4x call 8's
# for the same shapes.
# carry: bundle_probe
source tools/gpu_env.sh "$OUT"
clocks() { nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,power.draw,clocks_throttle_reasons.active --format=csv,noheader; }
for b in down_probe_c8 down_probe down_probe_c8 down_probe; do
  echo "== $b"; clocks
  timeout 90 bundle_probe/$b 32 | grep -E "^(down|gate/up) .* (9|64) "
  clocks
done
