#!/usr/bin/env bash
# Run 34, call 3 (perf/RESULTS.md), nvidia-h200: candidates against main (bundle_base,
# d3030c4): wf (branch r34_burst: the held K loops of call 2's burst wait for every
# fill's barrier first, then issue every MMA with no mbarrier instruction between them)
# and wfr (branch r34_wfr, on wf: also the first fills of the other K loops, at most 8,
# as one batch: barriers, MMAs, then releases as their groups complete). Their 1-GPU
# tests, the A/B twice at both dims, limits at TP16 B=9, TP8 B=9, DeepSeek TP16 B=9.
# carry: bundle_base bundle_wf bundle_wfr
date -u
MAIN=bundle_base CANDIDATES="bundle_wf bundle_wfr" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,32,64 timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed|rror" $OUT/candidates.txt | head -30
for b in base wf wfr; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;8 9" timeout 40 tools/limits.sh $OUT/l_$b 2>&1
  SHX_DIMS=deepseek BUNDLE=bundle_$b CELLS="16 9" timeout 30 tools/limits.sh $OUT/l_$b 2>&1 | tail -1
done
echo "all done after $SECONDS s"
