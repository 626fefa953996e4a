#!/usr/bin/env bash
# Run 104 call 6 (stop 86): two candidates against main (bundle_m, 7419056):
#  - ISSUER X (bundle_xi, r104_issuer_x 88f1f9f; slower on an H100, run 104 call 3);
#  - EXIT DRAIN ALL (bundle_xd, r104_exit_drain_all 3c1be70): ExitWatchdog<true> in every
#    fused-family instance and SharedDown, closing stop 79's gap everywhere (EXIT DRAIN,
#    run 97-100, was slower in some cells on H100s; EXIT DRAIN X neutral on an H200).
# On any card: bundle_xd's fused, split, mailbox and watchdog tests (TESTS=0 skips them).
# On an H200 only: the A/B of all three twice in one run at TP8/TP16 B = 9, 16, 24, 32,
# 64, then a second round.
# Build: bundle_m and bundle_xi as run104_call2.sh; on the branch, tools/bundle.sh
# bundle_xd ab; tar cJf bundle_pack/run104ab2.tar.xz bundle_m bundle_xi bundle_xd.
#                                                      carry: bundle_pack/run104ab2.tar.xz
set -u
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run104ab2.tar.xz && cat bundle_*/COMMIT | tee -a $OUT/head.txt
tests_of=bundle_xd
[ "${TESTS:-1}" = 0 ] && tests_of=
MAIN=bundle_m CANDIDATES="bundle_xi bundle_xd" TESTS_OF="$tests_of" \
  EXTRA_TESTS=watchdog_gpu_test AB_CARD=H200 BATCHES=9,16,24,32,64 timeout 300 \
  tools/gpu_candidates.sh $OUT/c 2>&1 | tee $OUT/call.txt | tail -20
if nvidia-smi -L | grep -q H200; then
  MAIN=bundle_m CANDIDATES="bundle_xi bundle_xd" TESTS_OF= BATCHES=9,16,24,32,64 \
    timeout 150 tools/gpu_candidates.sh $OUT/c2 2>&1 | tee $OUT/call2.txt | tail -8
fi
echo "done after $SECONDS s" | tee -a $OUT/head.txt
