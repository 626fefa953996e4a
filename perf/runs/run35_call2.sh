#!/usr/bin/env bash
# Run 35, call 2 (perf/RESULTS.md), nvidia-h200: candidates on main (bundle_base,
# 392ddd6: pf16 kept): pf32 (branch r35_pf32: the refill prefetch up to N = 32), pfch2
# (branch r35_pfch2: with two gate/up chains at N <= 16, now that the TP16 loop's refills
# come from L2) and et8pf (branch r35_et8pf: the early trigger at N <= 16 also where the
# down tile does not fit, TP8, so that the refill prefetch applies there: 18 refills a
# CTA). Their 1-GPU tests, traces at TP8 B=9, the A/B twice at B = 9, 16, 32 (both dims),
# limits at TP8 B=9 and TP16 B = 9, 32.
# carry: bundle_base bundle_pf32 bundle_pfch2 bundle_et8pf
date -u
MAIN=bundle_base CANDIDATES="bundle_pf32 bundle_pfch2 bundle_et8pf" BATCHES=9,16,32 TRACES="8 9" \
  DEEPSEEK_BATCHES=9,16,32 timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -E "^==|exit [1-9]|failed|rror|HGMMA|LDL|per step|MMAs done|grid barrier|pushed|launch" $OUT/candidates.txt | head -60
for b in base pf32 pfch2 et8pf; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="8 9;16 9;16 32" timeout 60 tools/limits.sh $OUT/l_$b 2>&1 | tail -3
done
echo "all done after $SECONDS s"
