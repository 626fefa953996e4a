#!/usr/bin/env bash
# Run 31, call 2 (perf/RESULTS.md), nvidia-h200: the limits table (16 traced steps,
# trimmed means, reduce and h release apart) of main a6c8940 and of the candidate r4
# (4d0f75a, docs/experiments/reduce_items4.patch), and their A/B.
# carry: bundle_main bundle_r4 (tools/bundle.sh NAME ab at the commits named)
date -u
for b in bundle_main bundle_r4; do echo "== limits $b"; BUNDLE=$b tools/limits.sh $OUT/l > $OUT/limits_$b.txt 2>&1; cat $OUT/limits_$b.txt; done
echo "limits done after $SECONDS s"
MAIN=bundle_main CANDIDATES="bundle_r4" BATCHES=9,16,32,64,128 DEEPSEEK_BATCHES=9,32,64,128 \
  tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed" $OUT/candidates.txt | head -12
