#!/usr/bin/env bash
# Run 95 call 4 (stop 79): EARLY LATE A (branch r95_late_regs_early 5153d50, on LATE IN
# REGISTERS at N = 24, 32, r95_late_regs d3d14aa): kFused's gate/up CTAs load the late A
# operand right after pushing their partials instead of after their h release (call 3's
# limits at TP8 B=32: the h release 0.60 -> 0.89 us and h landed 0.39 -> 0.75 with the
# loads after it). Its fused, split and mailbox tests, the SASS check, then main, LATE IN
# REGISTERS and EARLY LATE A in one run, twice (TP8 and TP16 B = 9, 17, 24, 25, 32, 64),
# and limits at TP8 B = 24, 32 for the three.
# Build (here): tools/bundle.sh bundle_lr2 ab on the branch; bundle_m and bundle_lr as
# call 3; tar cJf bundle_pack/run95_lr2.tar.xz bundle_m bundle_lr bundle_lr2.
#                                                                 carry: bundle_pack
{ date -u; tar xJf bundle_pack/run95_lr2.tar.xz &&
  cat bundle_m/COMMIT bundle_lr/COMMIT bundle_lr2/COMMIT; nvidia-smi -L; } 2>&1 |
  tee $OUT/head.txt
BUNDLE=bundle_lr2 MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  timeout 200 tools/gpu_check.sh $OUT/check_lr2 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL" |
  tee $OUT/call.txt
for round in 1 2; do
  BATCHES=9,17,24,25,32,64 timeout 100 tools/gpu_ab.sh $OUT/ab$round bundle_m bundle_lr \
    bundle_lr2 2>&1 | grep -E "^==|exit|^ +(8|16) +[0-9]+ \|" | tee -a $OUT/call.txt
done
for b in bundle_m bundle_lr bundle_lr2; do
  echo "== limits $b" | tee -a $OUT/call.txt
  BUNDLE=$b CELLS="8 24;8 32" timeout 60 tools/limits.sh $OUT/limits_$b 2>&1 | grep '^| 8' |
    tee -a $OUT/call.txt
done
echo "done after $SECONDS s" | tee -a $OUT/call.txt
