#!/usr/bin/env bash
# Run 33, call 5 (perf/RESULTS.md), nvidia-h200: two candidates on the kept kernel
# (bundle_main2, d9bbc52): c16g (cb2e9f7: clusters of 16 wherever the gate/up grid fits
# 132 CTAs, so also DeepSeek TP8 with 128 CTAs; CTAs without down work leave before the
# grid barrier) and c16h (7592026: the early PDL trigger also at N = 64 in the cluster-16
# instances); their 1-GPU tests, the A/B twice at both dims, limits at DeepSeek dims.
# carry: bundle_main2 bundle_c16g bundle_c16h
date -u
MAIN=bundle_main2 CANDIDATES="bundle_c16g bundle_c16h" BATCHES=9,64 \
  DEEPSEEK_BATCHES=1,9,16,32,48,64,128 timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed|rror" $OUT/candidates.txt | head -30
for b in main2 c16g c16h; do
  echo "== limits $b (DeepSeek dims)"
  SHX_DIMS=deepseek BUNDLE=bundle_$b CELLS="8 9;16 64" timeout 60 tools/limits.sh $OUT/l_$b > $OUT/limits_$b.txt 2>&1; cat $OUT/limits_$b.txt
done
echo "all done after $SECONDS s"
