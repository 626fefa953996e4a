#!/usr/bin/env bash
# Run 41, call 3 (perf/RESULTS.md), nvidia-h200: perf/wgmma_rate with modes 15-18, more of
# the fused kernel's conditions one at a time (call 2: neither a second warpgroup's
# absence nor copies landing in shared memory explain why its MMAs alone take 176-200
# cycles a 64-K block against wgmma_rate's 80): 15 = mode 0 in clusters of 4; 16 = mode 0
# beside a thread polling an incomplete mbarrier (the producer waiting for a stage); 17 =
# mode 4 in clusters of 4; 18 = mode 0 with 100 KB more shared memory (the carveout).
# (Calls 2 and 3 ran builds with modes up to 14 and 18; the committed wgmma_rate has 0-20.)
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call3.tar.xz && cat bundle_w/COMMIT
./bundle_w/wgmma_rate 4096 > $OUT/wgmma_rate.txt 2>&1
echo "wgmma_rate exit $? after $SECONDS s"
head -1 $OUT/wgmma_rate.txt
awk 'NR > 1 && ($3 == 0 || $3 == 4 || $3 >= 15)' $OUT/wgmma_rate.txt
echo "all done after $SECONDS s"
