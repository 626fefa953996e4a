#!/usr/bin/env bash
# Run 33, call 1 (perf/RESULTS.md), nvidia-h200: candidates c16 (7bd1a6f: clusters of 16
# at three CTAs per SM, TP16 and the DeepSeek dims at N <= 16; CTAs without down work
# leave before the grid barrier) and c16w (f272ad5: also TP8 N <= 16 in clusters of 8,
# 192 CTAs at three per SM) against main 489cbd2; their 1-GPU tests, the A/B twice at
# the design and DeepSeek dims, limits tables and launch lines.
# carry: bundle_main bundle_c16 bundle_c16w
date -u
MAIN=bundle_main CANDIDATES="bundle_c16 bundle_c16w" BATCHES=9,16,32,64,128 \
  TRACES="16 9;8 9" DEEPSEEK_BATCHES=9,16,64 timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed|rror" $OUT/candidates.txt | head -30
for b in main c16 c16w; do
  echo "== limits $b"; BUNDLE=bundle_$b CELLS="8 9;8 16;16 9;16 16" timeout 100 tools/limits.sh $OUT/l_$b > $OUT/limits_$b.txt 2>&1; cat $OUT/limits_$b.txt
  for cell in "16 9" "8 9"; do
    (cd bundle_$b && timeout 30 ./profile_step fused $cell 40 1 trace 2>&1 | grep -E "^launch|plan|cluster" | head -3)
  done
done
echo "all done after $SECONDS s"
