#!/usr/bin/env bash
# Run 31, call 7 (perf/RESULTS.md), nvidia-h200: the candidate xpf (87731a7,
# docs/experiments/x_l2_before_wait.patch) against main 47a7149 (the merge of push2),
# and both limits tables.
# carry: bundle_main bundle_xpf (tools/bundle.sh NAME ab at the commits named)
date -u
echo "== limits xpf"; BUNDLE=bundle_xpf tools/limits.sh $OUT/l > $OUT/limits_xpf.txt 2>&1; cat $OUT/limits_xpf.txt
echo "== limits main"; BUNDLE=bundle_main tools/limits.sh $OUT/l > $OUT/limits_main.txt 2>&1; cat $OUT/limits_main.txt
MAIN=bundle_main CANDIDATES="bundle_xpf" BATCHES=9,16,32,64,128 DEEPSEEK_BATCHES=9,64,128 \
  tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "passed|failed|exit [1-9]" $OUT/candidates.txt | head -14
