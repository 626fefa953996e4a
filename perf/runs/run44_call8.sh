#!/usr/bin/env bash
# Run 44, call 8 (perf/RESULTS.md), nvidia-h200: perf/release_probe with its third table:
# does the next grid's traffic slow a release, a load or a bulk copy on the SM it runs
# on only, or on every SM (copies only on odd SMs; timed on even or odd SMs)?
# carry: bundle_p
date -u; cat bundle_p/COMMIT
timeout 200 ./bundle_p/release_probe > $OUT/release_probe.txt 2>&1
echo "release_probe exit $? after $SECONDS s"
cat $OUT/release_probe.txt
