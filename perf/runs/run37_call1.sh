#!/usr/bin/env bash
# Run 37, call 1 (perf/RESULTS.md), nvidia-h200: main (bundle_main, d0cbd14) against a
# kernel instance for every padded batch that is a multiple of 8 up to 64 (bundle_n8,
# 82b5cd1: N = 24, 40, 48, 56 beside 8, 16, 32, 64, 128): its 1-GPU tests (B = 20, 37,
# 48, 53 added), the A/B twice at both dims, limits at TP16 B = 48, 56 and TP8 B=48.
# carry: bundle_main bundle_n8
date -u
MAIN=bundle_main CANDIDATES="bundle_n8" BATCHES=9,16,20,24,32,37,40,48,53,56,64 \
  DEEPSEEK_BATCHES=20,40,48,56,64 LIMIT_CELLS="16 48;16 56;8 48" LIMITS_TIMEOUT=90 \
  timeout 540 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" | head -120
echo "all done after $SECONDS s"
