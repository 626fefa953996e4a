#!/usr/bin/env bash
# Run 32, call 4 (perf/RESULTS.md), nvidia-h200: on ract1 (b30fa05: the owners'
# reduction per activation), evr (25fbb7e: the weight loads evict-first in L2 where a
# step's weights exceed half the L2, i.e. TP8 here), evall (25fbb7e with the policy on
# everywhere) and evt (evr with the early PDL trigger also where the down tile does not
# fit the ring: TP8 N = 16, 32), against main 37c3314; limits of evr and evt at TP8.
# carry: bundle_main bundle_ract1 bundle_evr bundle_evall bundle_evt
date -u
MAIN=bundle_main CANDIDATES="bundle_ract1 bundle_evr bundle_evall bundle_evt" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed" $OUT/candidates.txt | head -30
for b in evr evt; do
  echo "== limits $b"; BUNDLE=bundle_$b CELLS="8 9;8 16;8 32" timeout 120 tools/limits.sh $OUT/l_$b > $OUT/limits_$b.txt 2>&1; cat $OUT/limits_$b.txt
done
echo "all done after $SECONDS s"
