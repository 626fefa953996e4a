#!/usr/bin/env bash
# Run 114 call 1 (stop 100), named nvidia-h200, any card.
#  On an H200: perf/runs/prepared_run114_h200.sh (the A/B that decides DOWN-ONLY AT THE
#  STREAM'S END, v2's tests, then the H200 cut of every target cell), about 570 s.
#  On an H100:
#   1. the first GPU run of the merge form bundle_sa2 (r113_downonly_signal_v2 at
#      64019c8): its 1-GPU fused (with the scratch check: the new count re-armed), split,
#      mailbox and watchdog tests, then the A/B of main (bundle_main) against the measured
#      form (bundle_sa) and sa2 at TP8 B = 9, 16 and the control B=24 (an H100's A/B does
#      not decide it: run 94; it says whether v2 keeps sa's H100 gain), about 150 s;
#   2. the whole one-GPU suite at de033fb (pack run114s), the first GPU run of
#      group_gpu_test's scratch check (every op-scratch word zero after each case).
#   carry: bundle_pack/run113s.tar.xz bundle_pack/run113c.tar.xz
#          bundle_pack/run113e.tar.xz bundle_pack/run113f.tar.xz bundle_pack/run114s.tar.xz
#   (run114s: tools/bundle.sh bundle at de033fb; tar cJf bundle_pack/run114s.tar.xz bundle)
# CALL_END (seconds, default 570 on an H200, 575 on an H100) ends the cut or the suite
# sooner, for a call made with less device time left; the suite needs about 300 s, so
# with too little for it run run114_call2.sh instead (run114s's group tests, the A/B and
# v2's tests in about 100 s).
set -u
here=$(dirname "$0")
if nvidia-smi -L | grep -q H200; then
  exec bash $here/prepared_run114_h200.sh
fi
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; echo "run114_call1: not an H200; sa2's tests and A/B, the suite"; } \
  2>&1 | tee $top/head.txt
for p in run113c run113e run113f; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle_main/COMMIT bundle_sa/COMMIT bundle_sa2/COMMIT | tee -a $top/head.txt
MAIN=bundle_main CANDIDATES="bundle_sa bundle_sa2" TESTS_OF="bundle_sa2" \
  EXTRA_TESTS=watchdog_gpu_test BATCHES=9,16,24 timeout 200 tools/gpu_candidates.sh $top/c \
  > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|rror|mismatch|differ|HGMMA|LDL|out_at_wait" $top/call.txt | head -30
tools/ab_table.sh $top/call.txt
(cd $top && tar czf c.tgz c && rm -rf c)
left=$((${CALL_END:-575} - SECONDS))
mkdir -p $top/suite
PACK=bundle_pack/run114s.tar.xz TEST_TIMEOUT=200 timeout $left tools/gpu_suite.sh $top/suite \
  > /dev/null 2>&1
echo "suite exit $? at $SECONDS s (given $left s)" | tee -a $top/head.txt
tail -12 $top/suite/call.txt
