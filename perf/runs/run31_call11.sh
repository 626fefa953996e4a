#!/usr/bin/env bash
# Run 31, call 11 (perf/RESULTS.md), nvidia-h200: a diagnostic of the time from the
# dependency wait to the first gate/up stage at TP8. bundle_xe (e6542b0,
# docs/experiments/x_before_wait.patch) issues the first ring's x loads before the wait
# (wrong where the previous kernel writes x; the benchmark's x is constant): if x is what
# fill 0 waits for, the "x landed" phase shrinks. Against main (46fb0d6): limits tables
# at a few cells, and the A/B.
# carry: bundle_main bundle_xe (tools/bundle.sh NAME ab)
date -u
for b in bundle_main bundle_xe; do
  echo "== limits $b"
  CELLS="8 9;8 16;8 64;16 9" BUNDLE=$b tools/limits.sh $OUT/l 2>&1 | tail -4
done
BATCHES=9,16,64 tools/gpu_ab.sh $OUT/ab bundle_main bundle_xe bundle_main bundle_xe > $OUT/ab.txt 2>&1
cat $OUT/ab.txt
