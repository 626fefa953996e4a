#!/usr/bin/env bash
# Run 31, call 9 (perf/RESULTS.md), nvidia-h200: the candidate tsel (3ea7958: fast_tanh
# computes both of its forms and selects, no divergent branch; bit-identical) against
# main (29bac6e, device code of 47a7149), A/B twice at both model shapes, and its limits
# table. carry: bundle_main bundle_tsel (tools/bundle.sh NAME ab)
date -u
echo "== limits tsel"; BUNDLE=bundle_tsel tools/limits.sh $OUT/l > $OUT/limits_tsel.txt 2>&1
cat $OUT/limits_tsel.txt
MAIN=bundle_main CANDIDATES="bundle_tsel" BATCHES=9,16,32,64,128 DEEPSEEK_BATCHES=9,64,128 \
  tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "passed|failed|exit [1-9]" $OUT/candidates.txt | head -8
