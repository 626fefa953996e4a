#!/usr/bin/env bash
# Run 32, call 6 (perf/RESULTS.md), nvidia-h200: L2 policies beyond the weights, against
# main 15c5303 (the shipped kernel): l2late (c9bbbee: the down blocks asked into L2
# before the grid barrier, TP8, with an evict_last policy) and xhlast (69a3553: the x and
# h TMA loads with evict_last); limits of both at TP8.
# carry: bundle_main bundle_l2late bundle_xhlast
date -u
MAIN=bundle_main CANDIDATES="bundle_l2late bundle_xhlast" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed" $OUT/candidates.txt | head -30
for b in l2late xhlast; do
  echo "== limits $b"; BUNDLE=bundle_$b CELLS="8 9;8 32;16 9" timeout 120 tools/limits.sh $OUT/l_$b > $OUT/limits_$b.txt 2>&1; grep "^| [0-9]" $OUT/limits_$b.txt
done
echo "all done after $SECONDS s"
