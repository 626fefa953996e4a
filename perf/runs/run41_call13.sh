#!/usr/bin/env bash
# Run 41, call 13 (perf/RESULTS.md), nvidia-h200: perf/wgmma_rate at the kernel's loop
# lengths (6, 7, 12, 14, 28 blocks) instead of 4096. Run 34 saw the fused kernel's MMAs
# alone (every operand resident, no barrier between) take 176-200 cycles a block over 6-7
# blocks, against mode 0's 80 over 4096: is that the first MMA's and the last wait's
# latency spread over few blocks?
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call13.tar.xz && cat bundle_w/COMMIT
for blocks in 6 7 12 14 28 4096; do
  ./bundle_w/wgmma_rate $blocks > $OUT/wgmma_rate_$blocks.txt 2>&1
  echo "== blocks $blocks exit $?"
  awk 'NR > 1 && $4 == 132 && ($1 == 16 || $1 == 64) && ($3 == 0 || $3 == 1 || $3 == 4 || $3 == 12)' $OUT/wgmma_rate_$blocks.txt
done
echo "all done after $SECONDS s"
