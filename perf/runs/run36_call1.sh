#!/usr/bin/env bash
# Run 36, call 1 (perf/RESULTS.md), nvidia-h200: main (bundle_hoist, 3ec5570: main's
# kernel, .nv_fatbin identical to 435f013's) against the early trigger moved into the
# gate/up loop, T fills before its end (branches r36_mid2, r36_mid4, r36_mid7: T = 2, 4,
# 7; main triggers after the loop's last MMAs, run 35's t1 was about T = 10): each
# candidate's 1-GPU tests, a trace at TP16 B=9, the A/B twice at
# both dims, limits at TP16 B = 9, 32 for each.
# carry: bundle_hoist bundle_mid2 bundle_mid4 bundle_mid7
date -u
MAIN=bundle_hoist CANDIDATES="bundle_mid2 bundle_mid4 bundle_mid7" BATCHES=1,8,9,16,32,64 \
  TRACES="16 9" DEEPSEEK_BATCHES=9,32,64 timeout 330 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -E "^==|exit [1-9]|passed|failed|rror|HGMMA|LDL|per step|wait \(c|MMAs done|grid barrier|pushed|launch" \
  $OUT/candidates.txt | grep -v "^== bundle_.* ([0-9a-f]*)$" | head -40
for b in hoist mid2 mid4 mid7; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;16 32" timeout 40 tools/limits.sh $OUT/l_$b 2>&1 | tail -2
done
echo "all done after $SECONDS s"
