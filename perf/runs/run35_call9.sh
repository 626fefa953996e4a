#!/usr/bin/env bash
# Run 35, call 9 (perf/RESULTS.md), nvidia-h200: main (bundle_main, c00845d) against t1
# (branch r35_t1: where the grid triggers early, the producer triggers once its last
# gate/up load is issued instead of the consumers at the end of the gate/up MMAs; run 28
# measured this slower when the refills still came from HBM, where the next grid's ring
# competed with them; now they come from L2). t1's 1-GPU tests, a trace at TP16 B=9
# (the launch line), the A/B twice at both dims, limits at TP16 B=9.
# carry: bundle_main bundle_t1
date -u
MAIN=bundle_main CANDIDATES="bundle_t1" BATCHES=1,8,9,16,32 TRACES="16 9" \
  DEEPSEEK_BATCHES=9,32,64 timeout 240 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -E "^==|exit [1-9]|passed|failed|rror|HGMMA|LDL|per step|wait \(c|MMAs done|grid barrier|pushed|launch" $OUT/candidates.txt | grep -v "^== bundle_.* ([0-9a-f]*)$" | head -30
for b in main t1; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9" timeout 20 tools/limits.sh $OUT/l_$b 2>&1 | tail -1
done
echo "all done after $SECONDS s"
