#!/usr/bin/env bash
# Run 32, call 9 (perf/RESULTS.md), nvidia-h200: the weights' tensor maps with another L2
# promotion than 256 B, against main 15c5303: pnone (4642f81: none) and p128 (4642f81
# with 128 B). x and h keep 256 B.
# carry: bundle_main bundle_pnone bundle_p128
date -u
MAIN=bundle_main CANDIDATES="bundle_pnone bundle_p128" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed" $OUT/candidates.txt | head -30
echo "all done after $SECONDS s"
