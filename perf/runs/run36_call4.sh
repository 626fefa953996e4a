#!/usr/bin/env bash
# Run 36, call 4 (perf/RESULTS.md), nvidia-h200: main (bundle_hoist, 3ec5570) against a
# paced first ring where the grid triggers early and the refills are asked into L2
# (branches r36_pace2 1a854ce, r36_pace3 35ebb6f, r36_pace5 73b673c: the first ring's weights T stages a chunk,
# at most two chunks in flight, each completing one of two `landed` mbarriers; the
# refills asked only once the whole first ring landed; its full barriers then armed for x
# alone after the wait). Calls 1 and 2: the next grid's pre-wait traffic slows this
# grid's chain wherever it falls; pacing keeps fewer of its bytes in flight at once.
# Each candidate's 1-GPU tests, a trace at TP16 B=9, the A/B twice at both dims, limits
# at TP16 B = 9, 32.
# carry: bundle_hoist bundle_pace2 bundle_pace3 bundle_pace5
date -u
MAIN=bundle_hoist CANDIDATES="bundle_pace2 bundle_pace3 bundle_pace5" BATCHES=1,8,9,16,32,64 \
  TRACES="16 9" DEEPSEEK_BATCHES=9,32,64 timeout 330 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -E "^==|exit [1-9]|passed|failed|rror|HGMMA|LDL|per step|launch" \
  $OUT/candidates.txt | grep -v "^== bundle_.* ([0-9a-f]*)$" | head -40
for b in hoist pace2 pace3 pace5; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;16 32" timeout 40 tools/limits.sh $OUT/l_$b 2>&1 | tail -2
done
echo "all done after $SECONDS s"
