#!/usr/bin/env bash
# Run 32, call 1 (perf/RESULTS.md), nvidia-h200: perf/wgmma_rate with mode 6 (each
# block's full barrier tested two blocks ahead); candidates la2 / la3 (4d977e4: the
# K loops test full barriers 2 / 3 fills ahead), ract (6e92f69 with SHX_LOOK_AHEAD 1:
# the owners' reduction per activation, all loads first, activations interleavable) and
# half (docs/experiments/half_first_ring.patch brought to 9387da5) against main 9387da5;
# limits tables of main, la2, ract, and of the diagnostic xe (x_before_wait.patch on
# 9387da5: the first ring's x loaded before the dependency wait) at TP8.
# carry: bundle_main bundle_la2 (+ wgmma_rate) bundle_la3 bundle_ract bundle_half bundle_xe
date -u
echo "== wgmma_rate"; timeout 60 bundle_la2/wgmma_rate 2048 > $OUT/wgmma_rate.txt 2>&1; echo "exit $?"
grep -E "^ +(8|16|32|64) +[24] +[46] " $OUT/wgmma_rate.txt
MAIN=bundle_main CANDIDATES="bundle_la2 bundle_la3 bundle_ract bundle_half" BATCHES=9,16,32,64,128 \
  tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed" $OUT/candidates.txt | head -24
for b in main la2 ract; do
  echo "== limits $b"; BUNDLE=bundle_$b CELLS="8 9;8 64;8 128;16 9;16 64" timeout 150 tools/limits.sh $OUT/l_$b > $OUT/limits_$b.txt 2>&1; cat $OUT/limits_$b.txt
done
echo "== limits xe"; BUNDLE=bundle_xe CELLS="8 9;8 16;8 64" timeout 100 tools/limits.sh $OUT/l_xe > $OUT/limits_xe.txt 2>&1; cat $OUT/limits_xe.txt
echo "all done after $SECONDS s"
