#!/usr/bin/env bash
# Run 32, call 2 (perf/RESULTS.md), nvidia-h200: when the next grid's CTAs enter
# (profile_step's new launch line, main 37c3314), and the candidates early (2a51d45:
# the first ring's full barriers initialized by the producer and its loads issued before
# the cluster barrier), ract1 (b30fa05: the owners' reduction per activation, items as
# before), tanh (f928faa: ract1 with SiTU's caps by tanh.approx) and ract (run 32 call
# 1's) against main; limits tables of main and early.
# carry: bundle_main bundle_early bundle_ract1 bundle_tanh bundle_ract
date -u
for cell in "8 9" "8 16" "8 64" "16 9" "16 32"; do
  echo "== main launch $cell"
  (cd bundle_main && timeout 60 ./profile_step fused $cell 40 1 trace 2>&1 | grep -E "^launch|per step|rror")
done
MAIN=bundle_main CANDIDATES="bundle_early bundle_ract1 bundle_tanh bundle_ract" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed" $OUT/candidates.txt | head -30
for b in main early; do
  echo "== limits $b"; BUNDLE=bundle_$b CELLS="8 9;8 16;8 64;16 9;16 32" timeout 150 tools/limits.sh $OUT/l_$b > $OUT/limits_$b.txt 2>&1; cat $OUT/limits_$b.txt
done
for cell in "8 9" "8 64" "16 9"; do
  echo "== early launch $cell"
  (cd bundle_early && timeout 60 ./profile_step fused $cell 40 1 trace 2>&1 | grep -E "^launch|per step|rror")
done
echo "all done after $SECONDS s"
