#!/usr/bin/env bash
# Run 36, call 12 (perf/RESULTS.md), nvidia-h200: perf/down_probe with the "grid" shape
# (the commit in bundle_probe/COMMIT): the gate/up ring of call 11 in 96 CTAs, as many as
# the kernel's gate/up phase, each over weights of its own (11 MB, from L2 after the
# first launch), form A (14 fills of 8 KB) against form B (7 of 16 KB). Twice.
# carry: bundle_probe
source tools/gpu_env.sh "$OUT"
cat bundle_probe/COMMIT
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader
for i in 1 2; do echo "== run $i"; timeout 120 bundle_probe/down_probe 32; echo "exit $?"; done
