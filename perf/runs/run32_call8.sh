#!/usr/bin/env bash
# Run 32, call 8 (perf/RESULTS.md), nvidia-h200: tiss (b89aeff: where the grid triggers
# early, the producer triggers once its pre-barrier loads are all issued, instead of the
# consumers once the gate/up MMAs are done) against main 15c5303; limits and launch lines.
# carry: bundle_main bundle_tiss
date -u
MAIN=bundle_main CANDIDATES="bundle_tiss" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,16,32 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed" $OUT/candidates.txt | head -30
for b in main tiss; do
  echo "== limits $b"; BUNDLE=bundle_$b CELLS="16 9;16 16;16 32" timeout 100 tools/limits.sh $OUT/l_$b > $OUT/limits_$b.txt 2>&1; grep "^| [0-9]" $OUT/limits_$b.txt
  for cell in "16 9" "16 32"; do (cd bundle_$b && timeout 60 ./profile_step fused $cell 40 1 trace 2>&1 | grep -E "^launch"); done
done
echo "all done after $SECONDS s"
