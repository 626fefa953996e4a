#!/usr/bin/env bash
# Run 95 call 6 (stop 79): call 5's A/B part again, on an H200 only (calls 2-5 all ran on
# H100s): main, DOWN RING ONLY and LATE IN REGISTERS at N = 24, 32, two rounds, limits at
# TP8 B = 24, 32. On another card it only prints the card and ends.
# Build (here): tools/bundle.sh bundle_m ab on main; on branch r95_late_regs (its PTX as
# d3d14aa's) tools/bundle.sh bundle_lr ab; on r95_down_ring_only tools/bundle.sh
# bundle_diag ab; then rm -f bundle_pack/*; tar cJf bundle_pack/run95_lr.tar.xz bundle_m
# bundle_lr bundle_diag.                                          carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
nvidia-smi -L | grep -q H200 || { echo "not an H200: nothing run" | tee -a $OUT/head.txt; exit 0; }
tar xJf bundle_pack/run95_lr.tar.xz && cat bundle_m/COMMIT bundle_lr/COMMIT bundle_diag/COMMIT
for round in 1 2; do
  BATCHES=9,17,24,25,32,64 timeout 100 tools/gpu_ab.sh $OUT/ab$round bundle_m bundle_diag \
    bundle_lr 2>&1 | grep -E "^==|exit|^ +(8|16) +[0-9]+ \|" | tee -a $OUT/call.txt
done
for b in bundle_m bundle_lr; do
  echo "== limits $b" | tee -a $OUT/call.txt
  BUNDLE=$b CELLS="8 24;8 32" timeout 60 tools/limits.sh $OUT/limits_$b 2>&1 | grep '^| 8' |
    tee -a $OUT/call.txt
done
echo "done after $SECONDS s" | tee -a $OUT/call.txt
