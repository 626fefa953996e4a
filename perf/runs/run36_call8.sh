#!/usr/bin/env bash
# Run 36, call 8 (perf/RESULTS.md), nvidia-h200: perf/down_probe with the gate/up shape
# (the commit in bundle_probe/COMMIT): the down loop as in call 6, and one gate/up CTA's
# stream with its weights resident, 14 fills of a 64-row tile (the kernel's form) against
# 7 fills of a 128-row tile (weights as B), twice.
# carry: bundle_probe
source tools/gpu_env.sh "$OUT"
cat bundle_probe/COMMIT
for i in 1 2; do echo "== run $i"; timeout 90 bundle_probe/down_probe 32; echo "exit $?"; done
