#!/usr/bin/env bash
# Run 41, call 2 (perf/RESULTS.md), nvidia-h200: perf/wgmma_rate with modes 12-14 (call
# 1's second warpgroup did not shorten the gate/up loop): 12 = the kernel's loop (mode 4)
# in two warpgroups of one CTA taking alternate blocks; 13, 14 = modes 0 and 4 beside a
# warp streaming 8 KB bulk copies from L2 into other shared memory of the CTA (do copies
# landing in shared memory slow the MMAs' operand reads?).
# (Calls 2 and 3 ran builds with modes up to 14 and 18; the committed wgmma_rate has 0-20.)
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call2.tar.xz && cat bundle_w/COMMIT
./bundle_w/wgmma_rate 4096 > $OUT/wgmma_rate.txt 2>&1
echo "wgmma_rate exit $? after $SECONDS s"
head -1 $OUT/wgmma_rate.txt
awk 'NR > 1 && ($3 == 0 || $3 == 4 || $3 >= 12)' $OUT/wgmma_rate.txt
echo "all done after $SECONDS s"
