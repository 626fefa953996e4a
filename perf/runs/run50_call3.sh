#!/usr/bin/env bash
# Run 50, call 3 (perf/RESULTS.md), nvidia-h200. Call 1's fill9_first diagnostic: the last
# early down fill lands 1.8 us after the grid barrier even with its h issued first, so
# its h is not what it waits for. fl (r50_fill_landed, a diagnostic on main): a sixth
# warp stamps when each kFusedX ring fill landed; profile_step's "fills |" rows bin the
# weight bytes landed per 256 ns around a step (averaged over 14 traced steps of 40): how
# fast the weights arrive in each phase, and where HBM waits. fl's 1-GPU fused test first
# (the extra warp must not change results), then traces of main (bundle_m) and fl at TP8
# B = 9, 16, twice.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run50_call3.tar.xz
for b in bundle_m bundle_fl; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle_fl && timeout 120 ./group_fused_1gpu_test 2>&1 | tail -3)
for round in 1 2; do
  for shape in "8 9" "8 16"; do
    for b in bundle_m bundle_fl; do
      echo "== round $round $b TP/B $shape"
      (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
    done
  done
done > $OUT/traces.txt
grep -E "^==|per step|^breakdown" $OUT/traces.txt
grep -E "^== round 1 bundle_fl TP/B 8 9" -A200 $OUT/traces.txt | grep "^fills" | head -80
echo "all done after $SECONDS s"
