#!/usr/bin/env bash
# Run 35, call 1 (perf/RESULTS.md), nvidia-h200: candidates against main (bundle_base,
# a25a00b): pf16 (branch r35_pf16: the gate/up refills asked into L2 before the
# dependency wait where the grid triggers early and N <= 16; run 30's refill_l2 "pfall"
# gained 0.1-0.2 us at TP16 B = 9, 16 and lost at B = 32, 128) and ch2 (branch r35_ch2:
# two gate/up accumulator chains at N <= 16 instead of four; wgmma_rate mode 4 in run 34
# call 12: 203 cycles a block with 2 chains, 228 with 4). Their 1-GPU tests, traces at
# TP16 B=9, the A/B twice at B = 9, 16, 32 (both dims), limits at TP16 B=9.
# carry: bundle_base bundle_pf16 bundle_ch2
date -u
MAIN=bundle_base CANDIDATES="bundle_pf16 bundle_ch2" BATCHES=9,16,32 TRACES="16 9" \
  DEEPSEEK_BATCHES=9,16 timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; cat $OUT/candidates.txt | head -120
for b in base pf16 ch2; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;16 16;8 9" timeout 60 tools/limits.sh $OUT/l_$b 2>&1 | tail -3
done
echo "all done after $SECONDS s"
