#!/usr/bin/env bash
# Run 50, call 7 (perf/RESULTS.md), nvidia-h200. Call 1's down_landed stamps had the last
# early down fill (its h copy issued first) land 1.8 us after the grid barrier, while one
# copy issued ahead of fill 0's delayed fill 0 by 0.1-0.2 us; those stamps are taken once
# the producer has issued its refills. Here every fill's landing (fill_landed_diag), main's
# order (fl), the last early fill's h first (flf9: r50_fl_f9), the early h copies rotated
# per CTA (flrot: r50_fl_rot), at TP8 B = 9, 16, twice.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run50_call7.tar.xz
for b in bundle_fl bundle_flf9 bundle_flrot; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2; do
  for shape in "8 9" "8 16"; do
    for b in bundle_fl bundle_flf9 bundle_flrot; do
      echo "== round $round $b TP/B $shape"
      (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
    done
  done
done > $OUT/traces.txt
grep -E "^==|per step|MMAs done .*grid barrier|^fills \| [0-9]+:(2[4-9]|3[0-9])" $OUT/traces.txt
echo "all done after $SECONDS s"
