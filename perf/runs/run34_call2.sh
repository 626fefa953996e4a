#!/usr/bin/env bash
# Run 34, call 2 (perf/RESULTS.md), nvidia-h200: candidates against main (bundle_base,
# d3030c4): place (19016d8: the placement diagnostic, trace point 13; equal expected),
# burst (0e79d75: K loops with every wgmma-group in flight where none of their stages is
# refilled: every down loop whose fills are all early, TP16 and the DeepSeek dims; the
# DeepSeek TP16 gate/up loop) and burst4 (8ba24b3, branch r34_burst4: burst with
# DownChains = Chains, 4 at N <= 16). Their 1-GPU tests, the A/B twice at both dims,
# the limits of main, burst and burst4 at TP16 B=9 and DeepSeek TP16 B=9.
# carry: bundle_base bundle_place bundle_burst bundle_burst4
date -u
MAIN=bundle_base CANDIDATES="bundle_place bundle_burst bundle_burst4" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,32,64 timeout 450 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed|rror" $OUT/candidates.txt | head -30
for b in base burst burst4; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;8 9" timeout 40 tools/limits.sh $OUT/l_$b 2>&1
  SHX_DIMS=deepseek BUNDLE=bundle_$b CELLS="16 9" timeout 30 tools/limits.sh $OUT/l_$b 2>&1 | tail -1
done
echo "all done after $SECONDS s"
