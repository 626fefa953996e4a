#!/usr/bin/env bash
# Run 95 call 5 (stop 79): LATE IN REGISTERS at N = 24, 32 (r95_late_regs d3d14aa; calls
# 3-4 on two H100s: TP8 B = 17..24 0.7-0.8 us faster, B = 25..32 0.2-0.27, TP16 B =
# 17..24 0.15-0.2 slower, B = 25..32 0.15 faster).
#  1. compute-sanitizer memcheck, racecheck and synccheck of the candidate's fused
#     variant at TP8 B = 32 and B = 24 (its late path: h by TMA into the grown staging
#     area, A from registers), graphs of two steps.
#  2. On an H200 only (a change in when the next step's weights are asked for is judged
#     there, run 94): main, DOWN RING ONLY (bundle_diag) and the candidate, two rounds at
#     B = 9, 17, 24, 25, 32, 64, and limits at TP8 B = 24, 32 for main and the candidate.
#     On another card one round of main and the candidate.
# Build (here): bundles as calls 2-3; tar cJf bundle_pack/run95_lr.tar.xz bundle_m
# bundle_lr bundle_diag.                                          carry: bundle_pack
{ date -u; tar xJf bundle_pack/run95_lr.tar.xz &&
  cat bundle_m/COMMIT bundle_lr/COMMIT bundle_diag/COMMIT; nvidia-smi -L; } 2>&1 |
  tee $OUT/head.txt
for shape in "8 32" "8 24"; do
  BUNDLE=bundle_lr SANITIZED=fused SANITIZER_SHAPE="$shape" SANITIZER_TIMEOUT=60 TESTS=" " \
    timeout 200 tools/gpu_validate.sh $OUT/v_${shape/ /_} 2>&1 | grep -E "^== compute|exit|SUMMARY" |
    tee -a $OUT/call.txt
done
if nvidia-smi -L | grep -q H200; then
  for round in 1 2; do
    BATCHES=9,17,24,25,32,64 timeout 100 tools/gpu_ab.sh $OUT/ab$round bundle_m bundle_diag \
      bundle_lr 2>&1 | grep -E "^==|exit|^ +(8|16) +[0-9]+ \|" | tee -a $OUT/call.txt
  done
  for b in bundle_m bundle_lr; do
    echo "== limits $b" | tee -a $OUT/call.txt
    BUNDLE=$b CELLS="8 24;8 32" timeout 60 tools/limits.sh $OUT/limits_$b 2>&1 | grep '^| 8' |
      tee -a $OUT/call.txt
  done
else
  BATCHES=9,17,24,25,32,64 timeout 60 tools/gpu_ab.sh $OUT/ab1 bundle_m bundle_lr 2>&1 |
    grep -E "^==|exit|^ +(8|16) +[0-9]+ \|" | tee -a $OUT/call.txt
fi
echo "done after $SECONDS s" | tee -a $OUT/call.txt
