#!/usr/bin/env bash
# Run 36, call 5 (perf/RESULTS.md), nvidia-h200: main (bundle_hoist, 3ec5570) against fill
# pairs, the one repeat run 35 left (run 30 measured them slower while the TP16 refills
# still came from HBM; the TP16 gate/up loop is now paced by the consumers): p21 (170e209,
# branch r36_p21: the gate/up loop two fills a wgmma-group and handshake round, mma_block_pairs)
# and p22 (33c30fe, r36_p22: both fused K loops; SharedDown keeps one fill a group, its sums the
# same either way). Each candidate's 1-GPU tests, traces at TP16 B=9 and TP8 B=9, the A/B
# twice at both dims, limits at TP16 B = 9, 32 and TP8 B=9.
# carry: bundle_hoist bundle_p21 bundle_p22
date -u
MAIN=bundle_hoist CANDIDATES="bundle_p21 bundle_p22" BATCHES=1,8,9,16,32,64,128 \
  TRACES="16 9;8 9" DEEPSEEK_BATCHES=9,32,64 timeout 300 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -E "^==|exit [1-9]|passed|failed|rror|HGMMA|LDL|per step|launch" \
  $OUT/candidates.txt | grep -v "^== bundle_.* ([0-9a-f]*)$" | head -40
for b in hoist p21 p22; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;16 32;8 9" timeout 50 tools/limits.sh $OUT/l_$b 2>&1 | tail -3
done
echo "all done after $SECONDS s"
