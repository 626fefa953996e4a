#!/usr/bin/env bash
# Run 35, call 6 (perf/RESULTS.md), nvidia-h200: main (bundle_main, ea8eba9: the refill
# prefetch capped at 16 gate/up blocks a CTA) against etu64 (branch r35_etu64: the early
# trigger, and with it the refill prefetch, at N = 64 with two CTAs per SM whether or not
# the down tile fits: design TP16 B = 33..64, whose 6 down blocks are one more than its 5
# stages). etu64's 1-GPU tests, a trace and limits at TP16 B=64, the A/B twice.
# carry: bundle_main bundle_etu64
date -u
MAIN=bundle_main CANDIDATES="bundle_etu64" BATCHES=32,48,64,128 TRACES="16 64" \
  DEEPSEEK_BATCHES=48,64 timeout 300 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -E "^==|exit [1-9]|passed|failed|rror|HGMMA|LDL|per step|wait \(c|MMAs done|grid barrier|pushed|launch" $OUT/candidates.txt | grep -v "^== bundle_.* ([0-9a-f]*)$" | head -30
for b in main etu64; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 64;16 48" timeout 40 tools/limits.sh $OUT/l_$b 2>&1 | tail -2
done
echo "all done after $SECONDS s"
