#!/usr/bin/env bash
# Run 43, call 3 (perf/RESULTS.md), nvidia-h200: perf/wgmma_rate (main's) over short
# bursts, 6 and 14 K blocks a CTA (a TP16 down loop, a TP16 gate/up loop), against 4096:
# whether a burst's pipeline latency explains the kernel's 0.65-0.72 us for 6 resident
# down fills with no handshake (call 2's replay). Every row kept in $OUT.
# carry: bundle_w
date -u; cat bundle_w/COMMIT
for blocks in 6 14 4096; do
  ./bundle_w/wgmma_rate $blocks > $OUT/wgmma_rate_$blocks.txt 2>&1
  echo "== blocks $blocks (exit $?): N 16 and 32, chains 2, modes 0, 1, 4, 10, 11"
  awk '$1 == "N" || (($1 == 16 || $1 == 32) && $2 == 2 && ($3 == 0 || $3 == 1 || $3 == 4 || $3 == 10 || $3 == 11))' $OUT/wgmma_rate_$blocks.txt
done
echo "all done after $SECONDS s"
