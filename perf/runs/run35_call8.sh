#!/usr/bin/env bash
# Run 35, call 8 (perf/RESULTS.md), nvidia-h200: now that the TP16 gate/up loop is paced
# by the consumers (the refills come from L2), more wgmma-groups in flight in the K
# loops: g2 (branch r35_g2: two), g3 (branch r35_g3: three), against main (bundle_main,
# c00845d; one, as run 26 measured best when the refills set the pace). Their 1-GPU
# tests, traces at TP16 B=9, the A/B twice at both dims, limits at TP16 B = 9, 32 and
# TP8 B=9.
# carry: bundle_main bundle_g2 bundle_g3
date -u
MAIN=bundle_main CANDIDATES="bundle_g2 bundle_g3" BATCHES=1,9,16,32,64 TRACES="16 9" \
  DEEPSEEK_BATCHES=9,32,64 timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -E "^==|exit [1-9]|passed|failed|rror|HGMMA|LDL|per step|wait \(c|MMAs done|grid barrier|pushed" $OUT/candidates.txt | grep -v "^== bundle_.* ([0-9a-f]*)$" | head -40
for b in main g2 g3; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;16 32;8 9" timeout 40 tools/limits.sh $OUT/l_$b 2>&1 | tail -3
done
echo "all done after $SECONDS s"
