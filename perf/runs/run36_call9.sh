#!/usr/bin/env bash
# Run 36, call 9 (perf/RESULTS.md), nvidia-h200: perf/down_probe with its ring mode (the
# commit in bundle_probe/COMMIT): the down and gate/up shapes as in call 8, and the "ring"
# shape: one TP16 gate/up CTA's stream through the rings two CTAs an SM allow, the
# kernel's (12, 10, 10, 8, 5 stages at B = 1, 9, 16, 32, 64; 14 fills of 8 KB) against
# 4 stages of 24 KB in form B (7 fills of 16 KB), the refills from L2. Twice.
# carry: bundle_probe
source tools/gpu_env.sh "$OUT"
cat bundle_probe/COMMIT
for i in 1 2; do echo "== run $i"; timeout 90 bundle_probe/down_probe 32; echo "exit $?"; done
