#!/usr/bin/env bash
# Run 44, call 2 (perf/RESULTS.md), nvidia-h200: perf/launch_probe again, extended (copies
# in every other CTA, L2 prefetches instead of loads, means), and perf/clock_probe (its
# read-cost column, re-run with the reads summed; the timer's step on this host).
# carry: bundle_p
date -u; cat bundle_p/COMMIT
timeout 120 ./bundle_p/launch_probe > $OUT/launch_probe.txt 2>&1
echo "launch_probe exit $? after $SECONDS s"
cat $OUT/launch_probe.txt
timeout 60 ./bundle_p/clock_probe > $OUT/clock_probe.txt 2>&1
echo "clock_probe exit $? after $SECONDS s"
cat $OUT/clock_probe.txt
echo "all done after $SECONDS s"
