#!/usr/bin/env bash
# Run 41, call 14 (perf/RESULTS.md), nvidia-h200: perf/release_probe (new). Does the h
# release (red.release.gpu: MEMBAR.ALL.GPU first) wait for TMA loads that another warp
# of the CTA has in flight? Run 40's bound on the release was large exactly in the cells
# whose last down-weight loads are still in flight at the release.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call14.tar.xz && cat bundle_r/COMMIT
./bundle_r/release_probe > $OUT/release_probe.txt 2>&1
echo "release_probe exit $?"
cat $OUT/release_probe.txt
echo "all done after $SECONDS s"
