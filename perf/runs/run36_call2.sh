#!/usr/bin/env bash
# Run 36, call 2 (perf/RESULTS.md), nvidia-h200: main (bundle_hoist, 3ec5570) against the
# early trigger moved later, wherever the grid triggers early: latex (branch r36_latex,
# 40f5c69: consumer thread 0 once the owner's exchange has landed) and lateh (r36_lateh,
# 0df62b8: once this CTA's h columns are stored, right before its grid-barrier arrival).
# Call 1 found every earlier trigger slower (most at N = 32). Each candidate's 1-GPU
# tests, traces at TP16 B = 9, 32, the A/B twice at both dims, limits at TP16 B = 9, 32.
# carry: bundle_hoist bundle_latex bundle_lateh
date -u
MAIN=bundle_hoist CANDIDATES="bundle_latex bundle_lateh" BATCHES=1,8,9,16,32,64 \
  TRACES="16 9;16 32" DEEPSEEK_BATCHES=9,32,64 timeout 300 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -E "^==|exit [1-9]|passed|failed|rror|HGMMA|LDL|per step|launch" \
  $OUT/candidates.txt | grep -v "^== bundle_.* ([0-9a-f]*)$" | head -40
for b in hoist latex lateh; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;16 32" timeout 40 tools/limits.sh $OUT/l_$b 2>&1 | tail -2
done
echo "all done after $SECONDS s"
