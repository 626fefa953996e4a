#!/usr/bin/env bash
# Run 51 call 4: LATE IN REGISTERS with an earlier trigger. Call 3: lr shortened the TP8
# down loop 1.8 -> 1.35 us but the step grew 0.25 us: the next grid (let in after the
# grid barrier) then waits less, so its first ring, issued a fixed time after its entry,
# lands later after its wait (fill 0: 0.57 -> 1.02 us). Candidates (branches on r51_late_regs
# `b3894f8`): lr_et (r51_lr_et: + fusedx_early_trigger, the trigger after kFusedX's gate/up
# MMAs), lr_etx (r51_lr_etx: after its exchange), lr_eth (r51_lr_eth: after its h release).
# Built: main -> bundle_m ab; r51_late_regs -> bundle_lr ab; r51_lr_et -> bundle_lret ab;
#   r51_lr_etx -> bundle_lretx ab; r51_lr_eth -> bundle_lreth ab
#   tar cJf bundle_pack/run51_call4.tar.xz bundle_m bundle_lr bundle_lret bundle_lretx \
#     bundle_lreth
# carry: bundle_pack
date -u
tar xJf bundle_pack/run51_call4.tar.xz
for b in bundle_m bundle_lr bundle_lret bundle_lretx bundle_lreth; do
  echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_lret bundle_lretx bundle_lreth bundle_lr" BATCHES=9,16 \
  LIMIT_CELLS="8 9;8 16" timeout 560 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
