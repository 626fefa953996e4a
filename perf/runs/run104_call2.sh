#!/usr/bin/env bash
# Run 104 call 2 (stop 86): ISSUER X (bundle_xi, branch r104_issuer_x 88f1f9f: the REFILL
# ISSUER in kFusedX too, every other one of the design TP8's 18 refills) against main
# (bundle_m, 7419056; its kernels' PTX is 54b06ad's). On any card: the candidate's
# 1-GPU fused, split, mailbox and watchdog tests (TESTS=0 skips them). On an H200 only:
# the TP8 B=9 traces, the A/B twice in one run at TP8/TP16 B = 9, 16, 64, then the
# limits at TP8 B = 9, 16, then a second A/B round.
# Build: on main and on the branch, tools/bundle.sh bundle_m ab / bundle_xi ab;
# tar cJf bundle_pack/run104ab.tar.xz bundle_m bundle_xi.   carry: bundle_pack/run104ab.tar.xz
set -u
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run104ab.tar.xz && cat bundle_m/COMMIT bundle_xi/COMMIT | tee -a $OUT/head.txt
tests_of=bundle_xi
[ "${TESTS:-1}" = 0 ] && tests_of=
MAIN=bundle_m CANDIDATES="bundle_xi" TESTS_OF="$tests_of" EXTRA_TESTS=watchdog_gpu_test \
  AB_CARD=H200 TRACES="8 9" BATCHES=9,16,64 LIMIT_CELLS="8 9;8 16" timeout 420 \
  tools/gpu_candidates.sh $OUT/c 2>&1 | tee $OUT/call.txt | tail -40
if nvidia-smi -L | grep -q H200; then
  MAIN=bundle_m CANDIDATES="bundle_xi" TESTS_OF= BATCHES=9,16,64 timeout 120 \
    tools/gpu_candidates.sh $OUT/c2 2>&1 | tee $OUT/call2.txt | tail -14
fi
echo "done after $SECONDS s" | tee -a $OUT/head.txt
