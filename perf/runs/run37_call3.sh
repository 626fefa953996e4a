#!/usr/bin/env bash
# Run 37, call 3 (perf/RESULTS.md), nvidia-h200: two CTAs per SM at N = 40, 48 at TP8
# too (bundle_s2, 2adf730, call 2's candidate) against the same also at N = 56
# (bundle_s56, branch r37_s2_56, cc00d9a) and, on s56, no refill prefetch at N >= 48
# (bundle_nopf, branch r37_nopf, 2484e90; the TP16 and DeepSeek cells that trigger
# early there): 1-GPU tests of both, the A/B twice at both dims, limits at TP8 B=56 and
# TP16 B=48.
# carry: bundle_s2 bundle_s56 bundle_nopf
date -u
MAIN=bundle_s2 CANDIDATES="bundle_s56 bundle_nopf" BATCHES=37,44,48,53,56,64 \
  DEEPSEEK_BATCHES=44,48,56 LIMIT_CELLS="8 56;16 48" \
  timeout 540 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" | head -150
echo "all done after $SECONDS s"
