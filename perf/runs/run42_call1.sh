#!/usr/bin/env bash
# Run 42, call 1 (perf/RESULTS.md), nvidia-h200: perf/release_probe with modes 3, 4. Does
# a release (red.release.gpu: MEMBAR.ALL.GPU first) wait for copies that ANOTHER CTA on
# the same SM has in flight, as the next step's grid has its first ring in flight beside
# this grid's h release (two CTAs per SM, PDL)?
# carry: bundle_probe
date -u
cat bundle_probe/COMMIT
./bundle_probe/release_probe > $OUT/release_probe.txt 2>&1
echo "release_probe exit $?"
cat $OUT/release_probe.txt
echo "all done after $SECONDS s"
