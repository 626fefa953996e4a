#!/usr/bin/env bash
# Run 95 call 2 (stop 79): DOWN RING ONLY, a diagnostic (branch r95_down_ring_only
# 13b06ef, wrong outputs): at the design TP8 B = 17..32 (kFused at N = 24, 32) the down
# job stops at the ring's 9 / 8 blocks, so every CTA triggers the next grid early as if
# its 12-block down tile were resident; the dropped blocks are still asked into L2, so
# HBM carries the same bytes. Its step against main's bounds what LATE IN REGISTERS (as
# kFusedX does for two blocks at N = 16) could gain at N = 24, 32. B = 9 and 64 run
# unchanged instances (controls).
# Build (here): tools/bundle.sh bundle_m ab (main df5d0e9); on the branch, tools/bundle.sh
# bundle_diag ab; tar cJf bundle_pack/run95_ab.tar.xz bundle_m bundle_diag.
#                                                                 carry: bundle_pack
{ date -u; tar xJf bundle_pack/run95_ab.tar.xz && cat bundle_m/COMMIT bundle_diag/COMMIT;
  nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
for round in 1 2; do
  BATCHES=9,24,32,64 tools/gpu_ab.sh $OUT/ab$round bundle_m bundle_diag 2>&1 |
    tee -a $OUT/ab.txt
done
for b in bundle_m bundle_diag; do
  echo "== limits $b" | tee -a $OUT/limits.txt
  BUNDLE=$b CELLS="8 24;8 32" timeout 150 tools/limits.sh $OUT/limits_$b 2>&1 |
    tee -a $OUT/limits.txt
done
echo "done after $SECONDS s"
