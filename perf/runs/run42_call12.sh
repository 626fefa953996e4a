#!/usr/bin/env bash
# Run 42, call 12 (perf/RESULTS.md), nvidia-h200: perf/wgmma_rate with mode 21 (mode 5's
# pairs of blocks with one handshake a pair: one look-ahead test, one release, as the loop
# of a 128-K fill would run). Calls 10, 11: the K loops are bound by their instructions
# (about 80 a fill), and run 36's pairs kept every per-fill instruction (142 a pair).
# carry: bundle_probe
date -u
cat bundle_probe/COMMIT
./bundle_probe/wgmma_rate 4096 > $OUT/wgmma_rate.txt 2>&1
echo "wgmma_rate exit $?"
grep -E "^ +N|^ +(16|64) +[124] +(0|4|5|21) " $OUT/wgmma_rate.txt
echo "all done after $SECONDS s"
