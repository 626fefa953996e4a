#!/usr/bin/env bash
# PREPARED, NOT RUN YET (run 49 had no device time left): what delivers kFusedX's h tiles
# one every 0.14 us after the grid barrier (run 49 call 6), the down loop's pace at TP8.
# Build first, each from its branch (docs/experiments has the patches, on `66d9618`):
#   tools/bundle.sh bundle_m ab            # main
#   r50_dl_fill9_first -> bundle_f9 ab     # diagnostic: the last early fill's h issued first
#   r49_down_landed    -> bundle_dl ab     # diagnostic: the landing stamps alone (run 49)
#   r50_h_evict_last   -> bundle_hel ab    # candidate: h loads with an L2 evict_last policy
#   r50_h_no_promotion -> bundle_hnp ab    # candidate: the h map without L2 promotion
# Read: if fill 9 issued first lands 0.25 us after the barrier, the h loads are served in
# issue order by a serial path (then: issue them from several threads, or fewer larger
# boxes); if it still lands late, each h load waits on something of its own (a freshly
# written line: try the owners storing h with a TMA store).
# carry: bundle_pack
date -u
tar xJf bundle_pack/prepared_h_path.tar.xz
for b in bundle_m bundle_dl bundle_f9 bundle_hel bundle_hnp; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for shape in "8 9" "8 16"; do
  for b in bundle_dl bundle_f9; do
    echo "== $b TP/B $shape"
    (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1 |
       grep -E "per step|producer issued|dependency wait \(p|grid barrier|first down|pushed")
  done
done | tee $OUT/landed.txt
MAIN=bundle_m CANDIDATES="bundle_hel bundle_hnp" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
