#!/usr/bin/env bash
# Run 95 call 8 (stop 79): RELEASE FIRST (branch r95_late_regs_rf, bundle_rf, on LATE IN
# REGISTERS at N = 24, 32): kFused's late A loads wait at a named barrier for thread 0's
# h release (call 3's limits at TP8 B=32: the release 0.60 -> 0.89 us with the loads
# beside it). Its fused, split and mailbox tests and the SASS check, then main, DOWN RING
# ONLY, LATE IN REGISTERS and RELEASE FIRST in one run, twice (B = 9, 17, 24, 25, 32, 64;
# on any card: on an H200 this is also LATE IN REGISTERS's A/B), and limits at TP8 B =
# 24, 32 for the last two.
# Build (here): bundle_m, bundle_lr, bundle_diag as call 5; tools/bundle.sh bundle_rf ab on
# r95_late_regs_rf; tar cJf bundle_pack/run95_rf.tar.xz bundle_m bundle_lr bundle_diag
# bundle_rf.                                                      carry: bundle_pack
{ date -u; tar xJf bundle_pack/run95_rf.tar.xz &&
  cat bundle_m/COMMIT bundle_lr/COMMIT bundle_diag/COMMIT bundle_rf/COMMIT; nvidia-smi -L; } 2>&1 |
  tee $OUT/head.txt
BUNDLE=bundle_rf MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  timeout 200 tools/gpu_check.sh $OUT/check_rf 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL" |
  tee $OUT/call.txt
for round in 1 2; do
  BATCHES=9,17,24,25,32,64 timeout 120 tools/gpu_ab.sh $OUT/ab$round bundle_m bundle_diag \
    bundle_lr bundle_rf 2>&1 | grep -E "^==|exit|^ +(8|16) +[0-9]+ \|" | tee -a $OUT/call.txt
done
for b in bundle_m bundle_lr bundle_rf; do
  echo "== limits $b" | tee -a $OUT/call.txt
  BUNDLE=$b CELLS="8 24;8 32" timeout 60 tools/limits.sh $OUT/limits_$b 2>&1 | grep '^| 8' |
    tee -a $OUT/call.txt
done
echo "done after $SECONDS s" | tee -a $OUT/call.txt
