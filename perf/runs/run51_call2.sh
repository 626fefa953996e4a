#!/usr/bin/env bash
# Run 51 call 2: H RUNS (branches r51_h_runs = 8, r51_h_runs4, r51_h_runs2, r51_h_runs1 on
# main `f6cadcd`): after the grid barrier kFusedX loads the early down fills' h tiles
# SHX_H_RUN_BLOCKS K blocks a copy (a 3-D tensor map over h; the ring's B tiles after its A
# tiles so that consecutive stages' B tiles are adjacent), instead of one [16 x 64] copy a
# fill (run 50: served in issue order, one every 0.13 us). h1 = the new layout and kernel
# parameter alone (one block a copy, as main). Built:
#   main -> bundle_m ab, FILL_STAMPS=1 bundle_mfs; r51_h_runs -> bundle_h8 ab (+ FILL_STAMPS=1
#   bundle_h8fs); r51_h_runs4/2/1 -> bundle_h4, bundle_h2, bundle_h1
#   tar cJf bundle_pack/run51_call2.tar.xz bundle_m bundle_mfs bundle_h8 bundle_h8fs \
#     bundle_h4 bundle_h2 bundle_h1
# carry: bundle_pack
date -u
tar xJf bundle_pack/run51_call2.tar.xz
for b in bundle_m bundle_mfs bundle_h8 bundle_h8fs bundle_h4 bundle_h2 bundle_h1; do
  echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle_h8 && timeout 60 ./group_fused_1gpu_test 2>&1 | tail -3)
for b in bundle_mfs bundle_h8fs; do
  echo "== $b TP/B 8 9"
  (cd $b && timeout 60 ./profile_step fused 8 9 40 1 trace 2>&1)
done > $OUT/traces.txt
grep -E "^==|per step|^breakdown|^launch|^fills \| us" $OUT/traces.txt
MAIN=bundle_m CANDIDATES="bundle_h8 bundle_h4 bundle_h2 bundle_h1" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 480 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
