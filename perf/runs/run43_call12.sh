#!/usr/bin/env bash
# Run 43, call 12 (perf/RESULTS.md), nvidia-h200: perf/clock_probe. clock64 cycles over
# %globaltimer intervals gave 1.3-1.5 GHz in the fused kernel's stamped down pass (calls
# 2, 5) where nvidia-smi read 1980 MHz (call 9): the same ratio over a plain busy wait,
# the timer's step and the cost of a read.
# carry: bundle_c
date -u; cat bundle_c/COMMIT
./bundle_c/clock_probe > $OUT/clock_probe.txt 2>&1
echo "clock_probe exit $?"
cat $OUT/clock_probe.txt
echo "all done after $SECONDS s"
