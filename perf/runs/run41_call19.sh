#!/usr/bin/env bash
# Run 41, call 19 (perf/RESULTS.md), nvidia-h200: a diagnostic. Fill traces
# (docs/experiments/fill_trace.patch: each fill's issue by the producer and the time its
# MMAs start) of main (bundle_ft, r41_ft) and of call 1's two-warpgroup build (bundle_g2ft,
# r41_g2_ft: the same stamps, each warpgroup stamping its own fills), TP16 B=9 and TP8
# B=9: does the two-warpgroup gate/up loop wait for its refills (fills 10-13 at TP16), and
# why did the unchanged down loop grow?
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call19.tar.xz && cat bundle_ft/COMMIT bundle_g2ft/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_ft bundle_g2ft; do
  for cell in "16 9" "8 9"; do
    (cd $b && timeout 60 ./profile_step fused $cell 40 1 trace > $OUT/${b}_${cell/ /_}.txt 2>&1)
    echo "== $b TP/B $cell exit $?"
    sed -n '/^fill |/,/^[a-z]*:/p' $OUT/${b}_${cell/ /_}.txt | head -45
  done
done
echo "all done after $SECONDS s"
