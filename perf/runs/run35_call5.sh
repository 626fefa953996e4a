#!/usr/bin/env bash
# Run 35, call 5 (perf/RESULTS.md), nvidia-h200: call 4's bench showed TP8 B = 1..8 about
# 1 us slower than in run 33 (10.5 -> 11.5 us): there (N = 8) the TP8 grid triggers early
# (its whole down tile fits the 12-stage ring) and so asked 16 refills a CTA into L2.
# A/B twice of orig (a25a00b, the run's start), pre (de20ee3, call 4's kernel) and cap
# (ea8eba9: no refill prefetch for a CTA of more than 16 gate/up blocks), at B = 1, 8 and
# the target batches, both dims; cap's 1-GPU tests.
# carry: bundle_orig bundle_pre bundle_cap
date -u
MAIN=bundle_orig CANDIDATES="bundle_pre bundle_cap" BATCHES=1,8,9,16,32,64 TRACES="" \
  DEEPSEEK_BATCHES=1,8,9,48,64 timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -E "^==|exit [1-9]|passed|failed|rror|HGMMA|LDL" $OUT/candidates.txt | grep -v "^== bundle_.* ([0-9a-f]*)$" | head -30
echo "all done after $SECONDS s"
