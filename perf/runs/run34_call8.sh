#!/usr/bin/env bash
# Run 34, call 8 (perf/RESULTS.md), nvidia-h200: call 7's SASS showed the fused K loop
# building its wgmma descriptors in ordinary registers and moving them with 16 R2UR a
# fill (perf/wgmma_rate's loop: uniform registers, no R2UR). Candidates against main
# (bundle_base, d3030c4): uni (branch r34_uni: the K loop's barrier look-ahead as a warp
# vote, so that its branch is warp-uniform) and uni2 (r34_uni2: uni plus
# docs/experiments/uniform_descriptors.patch). Their SASS (R2UR and HGMMA counts of the
# N = 16 fused kernel), 1-GPU tests, the A/B twice at both dims, limits.
# carry: bundle_base bundle_uni bundle_uni2
date -u
source tools/gpu_env.sh "$OUT"
for b in uni uni2; do
  cuobjdump --dump-sass bundle_$b/profile_step | gzip -9 > $OUT/$b.sass.gz
done
MAIN=bundle_base CANDIDATES="bundle_uni bundle_uni2" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,32,64 timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed|rror" $OUT/candidates.txt | head -30
for b in base uni uni2; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;8 9" timeout 50 tools/limits.sh $OUT/l_$b 2>&1 | tail -2
done
echo "all done after $SECONDS s"
