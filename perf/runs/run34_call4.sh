#!/usr/bin/env bash
# Run 34, call 4 (perf/RESULTS.md), nvidia-h200: is the down loop paced by every CTA
# asking L2 for the same h block at once? Candidates against main (bundle_base, d3030c4):
# rot (e246da7, branch r34_rot: each down tile's K order starts at block
# pair % down_blocks, fused and SharedDown alike) and rot2 (a2d9c30, on rot: each
# gate/up tile's CTAs start their K range at block tile % k_count, for x). Their 1-GPU
# tests, the A/B twice at both dims, limits at TP16 B=9, TP8 B=9, DeepSeek TP16 B=9.
# carry: bundle_base bundle_rot bundle_rot2
date -u
MAIN=bundle_base CANDIDATES="bundle_rot bundle_rot2" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,32,64 timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed|rror" $OUT/candidates.txt | head -30
for b in base rot rot2; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;16 32;8 9" timeout 50 tools/limits.sh $OUT/l_$b 2>&1
  SHX_DIMS=deepseek BUNDLE=bundle_$b CELLS="16 9" timeout 30 tools/limits.sh $OUT/l_$b 2>&1 | tail -1
done
echo "all done after $SECONDS s"
