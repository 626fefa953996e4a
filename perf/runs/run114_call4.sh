#!/usr/bin/env bash
# Run 114 call 4 (stop 101), named nvidia-h200, any card: call 3's jobs cut to about
# 250 s for a call made with about 600 s of device time left.
#  On an H200: prepared_run114_h200.sh with no cut and SA2_TESTS cut to the fused and
#  watchdog tests (sa2's split and mailbox tests passed on an H100 in call 1 and it does not
#  change them): the A/B that decides DOWN-ONLY AT THE STREAM'S END (main, sa, sa2, sh,
#  d5000, a, se; twice at B = 9, 16, 24; limits at TP8 B = 9, 16), then bundle_sa2's and
#  bundle_se's group_fused_1gpu_test and watchdog_gpu_test.
#  On an H100: compute-sanitizer synccheck, memcheck and racecheck of bundle_sa2's fused
#  variant at TP8 B=16 (the plan runs kFusedXOut there), then the A/B of main, sa, sa2
#  and bundle_se's first tests (fused, split, mailbox, watchdog).
#  bundle_se: STREAM'S END EVERYWHERE (built at 298b35b, branch r114_streams_all; v2's
#  count in every fused mode; not run on a GPU before).
#   carry: bundle_pack/run113c.tar.xz bundle_pack/run113e.tar.xz bundle_pack/run113f.tar.xz
#          bundle_pack/run114se.tar.xz
set -u
here=$(dirname "$0")
if nvidia-smi -L | grep -q H200; then # the prepared script without sa2's split and mailbox
  SA2_TESTS="group_fused_1gpu_test watchdog_gpu_test" CALL_END=0 \
    exec bash $here/prepared_run114_h200.sh
fi
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
for p in run113c run113e run113f run114se; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle_main/COMMIT bundle_sa/COMMIT bundle_sa2/COMMIT bundle_se/COMMIT | tee -a $top/head.txt
BUNDLE=bundle_sa2 TESTS=watchdog_gpu_test SANITIZED=fused SANITIZER_TIMEOUT=150 \
  timeout 300 tools/gpu_validate.sh $top/v > $top/validate.txt 2>&1
echo "validate exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/validate.txt
(cd $top && tar czf v.tgz v && rm -rf v)
MAIN=bundle_main CANDIDATES="bundle_sa bundle_sa2 bundle_se" TESTS_OF="bundle_se" \
  EXTRA_TESTS=watchdog_gpu_test BATCHES=9,16,24 timeout 200 tools/gpu_candidates.sh $top/c \
  > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|rror|mismatch|differ|HGMMA|LDL" $top/call.txt | head -30
tools/ab_table.sh $top/call.txt
(cd $top && tar czf c.tgz c && rm -rf c)
