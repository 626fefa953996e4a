#!/usr/bin/env bash
# Run 50, call 1 (perf/RESULTS.md), nvidia-h200. Run 49 call 6 found kFusedX's TP8 down
# loop paced by its h tiles (one lands every 0.14 us after the grid barrier). A reading:
# every CTA reads the same h tiles in the same order, so right after the barrier 132
# requests hit the same few L2 lines at once (fill 0's h, then fill 1's, ...).
# Diagnostics (traces of the last of 40 steps, TP8 B = 9, 16, twice; the landing stamps
# of down_landed_diag.patch over trace points 0 = last early fill, 9 = last fill):
#   dl  (r49_down_landed)     the stamps alone, as in run 49
#   f9  (r50_dl_fill9_first)  the last early fill's h issued first
#   dlr (r50_dl_rotate)       each CTA's early h loads start at fill blockIdx.x % 10
# Candidates against main (bundle_m), each's 1-GPU tests, the A/B twice, limits:
#   rot  (r50_h_rotate)       kFusedX's early h loads rotated per CTA (sums unchanged)
#   rall (r50_h_rotate_all)   the same in every fused instance (TP16, DeepSeek dims)
#   rnp  (r50_h_rotate_np)    rot, and the fused launch's h map without L2 promotion
#   hnp  (r50_h_no_promotion) the h map without L2 promotion alone
# carry: bundle_pack
date -u
tar xJf bundle_pack/run50_call1.tar.xz
for b in bundle_m bundle_rot bundle_rall bundle_rnp bundle_hnp bundle_dl bundle_f9 bundle_dlr; do
  echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2; do
  for shape in "8 9" "8 16"; do
    for b in bundle_m bundle_dl bundle_f9 bundle_dlr; do
      echo "== round $round $b TP/B $shape"
      (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1 | head -40)
    done
  done
done > $OUT/traces.txt
grep -E "^==|per step|producer issued|dependency wait \(p|grid barrier|first down|pushed" $OUT/traces.txt
echo "traces done after $SECONDS s"
MAIN=bundle_m CANDIDATES="bundle_rot bundle_rall bundle_rnp bundle_hnp" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 480 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
