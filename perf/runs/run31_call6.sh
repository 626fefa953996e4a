#!/usr/bin/env bash
# Run 31, call 6 (perf/RESULTS.md), nvidia-h200: the candidates rc2 (9745b90,
# docs/experiments/reduce_loads_first_all.patch), push2 (7bbe67f: the push's loads
# before its stores) and both (19f43df) against main fa0e41f (the merge of rcx), and the
# limits table of both.
# carry: bundle_main bundle_rc2 bundle_push2 bundle_both (tools/bundle.sh NAME ab at the commits named)
date -u
echo "== limits both"; BUNDLE=bundle_both tools/limits.sh $OUT/l > $OUT/limits_both.txt 2>&1; cat $OUT/limits_both.txt
MAIN=bundle_main CANDIDATES="bundle_rc2 bundle_push2 bundle_both" BATCHES=9,16,32,64,128 DEEPSEEK_BATCHES=9,64,128 \
  tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "passed|failed|exit [1-9]" $OUT/candidates.txt | head -14
