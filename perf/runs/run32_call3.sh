#!/usr/bin/env bash
# Run 32, call 3 (perf/RESULTS.md), nvidia-h200: the candidate ev (the weights' TMA loads
# with an L2 evict_first cache policy) and tanh again (f928faa: the owners' reduction per
# activation, SiTU's caps by tanh.approx) against main 37c3314; the fused group test's
# rel L2 lines of main and tanh (the accuracy tanh.approx costs); ev's limits table.
# carry: bundle_main bundle_ev bundle_tanh
date -u
for b in main tanh; do
  echo "== rel L2 $b"; timeout 120 bundle_$b/group_fused_1gpu_test > $OUT/relL2_$b.txt 2>&1; echo "exit $?"
done
paste <(grep "rel L2" $OUT/relL2_main.txt) <(grep "rel L2" $OUT/relL2_tanh.txt | sed 's/.*rel L2/tanh: rel L2/') | head -60
MAIN=bundle_main CANDIDATES="bundle_ev bundle_tanh" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed" $OUT/candidates.txt | head -30
echo "== limits ev"; BUNDLE=bundle_ev CELLS="8 9;8 64;16 9;16 32" timeout 150 tools/limits.sh $OUT/l_ev > $OUT/limits_ev.txt 2>&1; cat $OUT/limits_ev.txt
echo "all done after $SECONDS s"
