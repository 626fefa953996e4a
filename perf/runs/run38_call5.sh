#!/usr/bin/env bash
# Run 38, call 5 (perf/RESULTS.md), nvidia-h200: where the exchange's time goes. main's
# kernel (bundle_x: the ab bundle of the commit named in its COMMIT file, .nv_fatbin as
# c1d6dc2's) with profile_step's new "exchange |" row (the exchange cut at each cluster's
# slowest CTA) at the cells where the exchange grows with N. Packed (bundle_pack).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run38_call5.tar.xz && cat bundle_x/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for cell in "design 16 9" "design 16 32" "design 16 48" "design 16 64" "design 16 128" \
            "design 8 9" "design 8 64" "design 8 128" "deepseek 16 9" "deepseek 16 64" \
            "deepseek 8 64"; do
  read -r dims tp batch <<< "$cell"
  echo "== $dims TP$tp B=$batch"
  (cd bundle_x && SHX_DIMS=$dims timeout 60 ./profile_step fused $tp $batch 40 1 trace \
     > $OUT/trace_${dims}_${tp}_$batch.txt 2>&1)
  grep -E "per step|^breakdown|^exchange" $OUT/trace_${dims}_${tp}_$batch.txt
done
echo "all done after $SECONDS s"
