#!/usr/bin/env bash
# Run 114 call 3 (stop 101), named nvidia-h200, any card, for about 300 s of command.
#  On an H200: perf/runs/prepared_run114_h200.sh with CALL_END 330 unless set (the A/B
#  that decides DOWN-ONLY AT THE STREAM'S END and v2's tests, about 270 s; the cut in
#  what is left).
#  On an H100 (call 1 ran v2's tests, an A/B and the one-GPU suite on one): what merging
#  v2 (bundle_sa2, r113_downonly_signal_v2 at 64019c8) would still need, and another
#  host's A/B:
#   1. compute-sanitizer synccheck, memcheck and racecheck of bundle_sa2's fused variant
#      at TP8 B=16 (an H100's plan runs kFusedXOut there, the instance v2 changes);
#   2. the A/B of main, sa and sa2 at B = 9, 16, 24 (two rounds).
#   carry: bundle_pack/run113s.tar.xz bundle_pack/run113c.tar.xz
#          bundle_pack/run113e.tar.xz bundle_pack/run113f.tar.xz
set -u
here=$(dirname "$0")
if nvidia-smi -L | grep -q H200; then
  CALL_END=${CALL_END:-330} exec bash $here/prepared_run114_h200.sh
fi
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; echo "run114_call3: not an H200; sa2's sanitizers, the A/B"; } \
  2>&1 | tee $top/head.txt
for p in run113c run113e run113f; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle_main/COMMIT bundle_sa/COMMIT bundle_sa2/COMMIT | tee -a $top/head.txt
BUNDLE=bundle_sa2 TESTS=watchdog_gpu_test SANITIZED=fused SANITIZER_TIMEOUT=150 \
  timeout 400 tools/gpu_validate.sh $top/v > $top/validate.txt 2>&1
echo "validate exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/validate.txt
(cd $top && tar czf v.tgz v && rm -rf v)
MAIN=bundle_main CANDIDATES="bundle_sa bundle_sa2" TESTS_OF="" BATCHES=9,16,24 \
  timeout 150 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/call.txt
(cd $top && tar czf c.tgz c && rm -rf c)
