#!/usr/bin/env bash
# Run 42, call 18 (perf/RESULTS.md), nvidia-h200: perf/release_probe after its code was
# folded into helpers (the timed release, the warm and timed passes of modes 7, 8, the
# Hopper check): the same table as call 9, to show the probe unchanged.
# carry: bundle_probe
date -u
cat bundle_probe/COMMIT
./bundle_probe/release_probe > $OUT/release_probe.txt 2>&1
echo "release_probe exit $?"
cat $OUT/release_probe.txt
echo "all done after $SECONDS s"
