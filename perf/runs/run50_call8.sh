#!/usr/bin/env bash
# Run 50, call 8 (perf/RESULTS.md), nvidia-h200. fill_landed's first form waited for the
# fills in order, so a fill was stamped at the running maximum (calls 3-7: a fill that
# completed before an earlier one looked as late as it). The second form (`232d92a`) polls
# the pending fills of a window with test_wait and stamps each when it completes, and
# lists CTAs 0-4's down fills one by one. Traces at TP8 B = 9, 16, twice: main's order
# (fl2), the last early fill's h first (flf92), the h copies rotated (flrot2), HELD H
# (hhfl2: the early down fills' weights alone).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run50_call8.tar.xz
for b in bundle_fl2 bundle_flf92 bundle_flrot2 bundle_hhfl2; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2; do
  for shape in "8 9" "8 16"; do
    for b in bundle_fl2 bundle_flf92 bundle_flrot2 bundle_hhfl2; do
      echo "== round $round $b TP/B $shape"
      (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
    done
  done
done > $OUT/traces.txt
grep -E "^==|per step|MMAs done .*grid barrier|CTA [0-2] down|^fills \| [0-9]+:(2[4-9]|3[0-9])" $OUT/traces.txt | head -150
echo "all done after $SECONDS s"
