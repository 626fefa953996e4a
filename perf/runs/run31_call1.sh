#!/usr/bin/env bash
# Run 31, call 1 (perf/RESULTS.md), nvidia-h200: the first limits table (two traced
# steps, medians over CTAs) on main 5773694, and the A/B of bundle_base (7166046, the
# session's start), bundle_main (5773694: trace point 11) and bundle_clean (29a00e3: no
# dead zero-fills of acc, the shard width once per CTA).
# carry: bundle_base bundle_main bundle_clean (tools/bundle.sh NAME ab at the commits named)
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader; date -u
BUNDLE=bundle_main tools/limits.sh $OUT/l > $OUT/limits.txt 2>&1; cat $OUT/limits.txt
echo "limits done after $SECONDS s"
MAIN=bundle_base CANDIDATES="bundle_main bundle_clean" BATCHES=9,16,32,64,128 DEEPSEEK_BATCHES=9,64 \
  tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed" $OUT/candidates.txt | head -30
