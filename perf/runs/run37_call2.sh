#!/usr/bin/env bash
# Run 37, call 2 (perf/RESULTS.md), nvidia-h200: the N = 24..56 instances (bundle_n8,
# 82b5cd1) against the same with two CTAs per SM at N = 40, 48 also at TP8 (bundle_s2,
# branch r37_s2_tp8, 2adf730; 28 gate/up blocks a CTA through 7 / 6 stages instead of
# 15 / 14 at one CTA per SM): its 1-GPU tests, the A/B twice, limits at TP8 B = 40.
# carry: bundle_n8 bundle_s2
date -u
MAIN=bundle_n8 CANDIDATES="bundle_s2" BATCHES=33,37,40,44,48 LIMIT_CELLS="8 40" \
  timeout 540 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" | head -120
echo "all done after $SECONDS s"
