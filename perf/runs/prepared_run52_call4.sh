#!/usr/bin/env bash
# PREPARED in run 51, NOT RUN YET: FILL STAMPS at full resolution. The in-order stamp warp
# records at most one fill per 0.11 us (run 51 call 2); branch r52_fill_stamps_lanes polls
# each fill on its own lane (test_wait in a converged loop, 20-ns sleeps). Compare both
# builds' "fills |" rows at TP8 B = 9, 16 (fills that landed together, such as a run of h
# copies or the ring's early down weights, should now stamp together) and their step times
# against each other (the polling's cost; run 50's one-lane polling form cost up to 0.1 us).
# Build first:
#   git checkout main && FILL_STAMPS=1 tools/bundle.sh bundle_mfs ab
#   git checkout r52_fill_stamps_lanes && FILL_STAMPS=1 tools/bundle.sh bundle_lfs ab
#   git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/prepared_run52_call4.tar.xz bundle_mfs bundle_lfs
# carry: bundle_pack
date -u
tar xJf bundle_pack/prepared_run52_call4.tar.xz
for b in bundle_mfs bundle_lfs; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for shape in "8 9" "8 16"; do
  for round in 1 2; do
    for b in bundle_mfs bundle_lfs; do
      echo "== $b TP/B $shape round $round"
      (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
    done
  done
done > $OUT/traces.txt
grep -E "^==|per step|^breakdown|^fills \| (us|CTA 0|landed|[0-9]+:)" $OUT/traces.txt | head -150
echo "all done after $SECONDS s"
