#!/usr/bin/env bash
# Run 32, call 10 (perf/RESULTS.md), nvidia-h200: how soon can the next grid start? The
# diagnostic t0 (6fd7b0c: every CTA triggers at the producer's start) against main
# 15c5303 (device code): launch lines and limits at TP8 and TP16 B=9, A/B at B = 9, 16, 32.
# carry: bundle_main bundle_t0
date -u
BATCHES=9,16,32 tools/gpu_ab.sh $OUT/ab bundle_main bundle_t0 bundle_main bundle_t0 > $OUT/ab.txt 2>&1
cat $OUT/ab.txt | grep -E "^==|^ +(8|16) "
for b in main t0; do
  for cell in "8 9" "16 9"; do
    echo "== $b $cell"
    (cd bundle_$b && timeout 60 ./profile_step fused $cell 40 1 trace 2>&1 | grep -E "^launch|^breakdown")
  done
done
echo "all done after $SECONDS s"
