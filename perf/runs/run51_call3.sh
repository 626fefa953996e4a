#!/usr/bin/env bash
# Run 51 call 3: LATE IN REGISTERS (branch r51_late_regs `b3894f8` on main `f6cadcd`):
# kFusedX's two late down fills (TP8: blocks 10, 11 of 12; the ring holds 10) take their
# A operand from registers, loaded by the consumers from global memory (asked into L2
# before the barrier) right after the h release, and their h tiles from the staging area
# (TMA after the grid barrier, on their own full barriers); they no longer wait for the
# stages of the first two down fills (run 51 call 2: those fills landed 1.6-1.9 us after
# the barrier and ended the down loop). Built:
#   main -> bundle_m ab, FILL_STAMPS=1 bundle_mfs; r51_late_regs -> bundle_lr ab,
#   FILL_STAMPS=1 bundle_lrfs
#   tar cJf bundle_pack/run51_call3.tar.xz bundle_m bundle_mfs bundle_lr bundle_lrfs
# carry: bundle_pack
date -u
tar xJf bundle_pack/run51_call3.tar.xz
for b in bundle_m bundle_mfs bundle_lr bundle_lrfs; do
  echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle_lr && timeout 60 ./group_fused_1gpu_test 2>&1 | tail -4)
for b in bundle_mfs bundle_lrfs; do
  echo "== $b TP/B 8 9"
  (cd $b && timeout 60 ./profile_step fused 8 9 40 1 trace 2>&1)
done > $OUT/traces.txt
grep -E "^==|per step|^breakdown|^launch|^fills \| us" $OUT/traces.txt
MAIN=bundle_m CANDIDATES="bundle_lr" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 480 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
