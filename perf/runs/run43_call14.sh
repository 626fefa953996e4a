#!/usr/bin/env bash
# Run 43, call 14 (perf/RESULTS.md), nvidia-h200: perf/clock_probe with its new stream
# mode. Call 13 measured the same down pass at about 1.5 cycles a nanosecond; call 12 a
# plain busy wait at 1.979: does the SM clock drop while every SM streams HBM (8 bulk
# copies of 16 KB in flight a CTA, as the fused kernel's rings)?
# carry: bundle_c
date -u; cat bundle_c/COMMIT
./bundle_c/clock_probe > $OUT/clock_probe.txt 2>&1
echo "clock_probe exit $?"
cat $OUT/clock_probe.txt
echo "all done after $SECONDS s"
