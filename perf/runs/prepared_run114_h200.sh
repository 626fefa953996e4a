#!/usr/bin/env bash
# Prepared in stop 99 for the next stop that gets an H200 (name nvidia-h200; on any other
# card it stops after naming it, about 0.3 s). Run 113's two H200 jobs in one call:
#  1. The A/B that decides DOWN-ONLY AT THE STREAM'S END (run 113 call 8: 0.14-0.21 us
#     faster at TP8 B = 9, 16 on an H100; a change in when weights are asked for is
#     judged on an H200, run 94). Main (bundle_main, 3522f53) against:
#       bundle_sa   branch r113_downonly_signal 4bbed15: kFusedXOut's down-only CTAs ask
#                   for their down tile once every gate/up CTA has issued its last refill;
#       bundle_sa2  its merge form, r113_downonly_signal_v2 64019c8 (helper 146's mends:
#                   the re-arm subtracts the launch's adds, the down-only consumers' late
#                   blocks wait for the same count; its group test also checks that every
#                   scratch word, the new count's included, is zero after each case);
#       bundle_sh   half the gate/up CTAs (f6b92d6);
#       bundle_d5000  5000 ns after the wait (412574d);
#       bundle_a    DOWN-ONLY AFTER THE WAIT in every instance (ce5f388: TP16 B=24
#                   0.11-0.15 us faster on three H100s, calls 4-8);
#       bundle_se   STREAM'S END EVERYWHERE (added in stop 101; built at 298b35b, branch
#                   r114_streams_all): v2's count in every fused mode, so TP8 B=24 (kFusedLate)
#                   and TP16 (kFused) too; kFusedXOut's PTX as v2's; tested and timed on
#                   H100s in stop 102, run 114 calls 3, 6, 7, 8).
#     The A/B twice at B = 9, 16, 24, limits at TP8 B = 9, 16, then bundle_sa2's 1-GPU
#     fused (with the out_at_wait flip), split, mailbox and watchdog tests (SA2_TESTS names
#     fewer), and bundle_se's fused and watchdog tests.
#  2. As far as the call's time goes, run113_call2.sh's cut (the limits over every target
#     cell, design and DeepSeek dims, and issue 3's table), kept as cut.tgz.
# About 320 s on an H200 before the cut; CALL_END (default 570) is when the cut must end.
#   carry: bundle_pack/run113s.tar.xz bundle_pack/run113c.tar.xz bundle_pack/run113e.tar.xz
#          bundle_pack/run113f.tar.xz bundle_pack/run114se.tar.xz
# If bundle_pack is gone: on each branch `tools/bundle.sh NAME ab` (main at 3522f53 or any
# later commit whose ops/ is unchanged for bundle_main; bundle_se on r114_streams_all), then
# `tar cJf bundle_pack/run113c.tar.xz bundle_main bundle_a bundle_d3000 bundle_d5000`,
# run113e (bundle_sa bundle_sh) and run113f (bundle_sa2); run113s is `tools/bundle.sh
# bundle` at 1bf763f or later; run114se is bundle_se alone.
set -u
top=$(cd "$OUT" && pwd)
here=$(dirname "$0")
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if ! nvidia-smi -L | grep -q H200; then
  echo "prepared_run114_h200: not an H200; stopped" | tee -a $top/head.txt
  exit 0
fi
for p in run113c run113e run113f run114se; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle_main/COMMIT bundle_sa/COMMIT bundle_sa2/COMMIT bundle_sh/COMMIT \
  bundle_d5000/COMMIT bundle_a/COMMIT bundle_se/COMMIT | tee -a $top/head.txt
MAIN=bundle_main CANDIDATES="bundle_sa bundle_sa2 bundle_sh bundle_d5000 bundle_a bundle_se" \
  TESTS_OF="" BATCHES=9,16,24 LIMIT_CELLS="8 9;8 16" timeout 240 tools/gpu_candidates.sh $top/c \
  > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt | grep -v "^| [0-9]* | [0-9]* | [0-9.]*, " # the limits rows
BUNDLE=bundle_sa2 source tools/gpu_env.sh "$top/t"
TAIL=2 run_bundle_tests ${SA2_TESTS:-group_fused_1gpu_test group_split_1gpu_test \
  mailbox_gpu_test watchdog_gpu_test} 2>&1 | tee $top/tests.txt
BUNDLE=bundle_se source tools/gpu_env.sh "$top/t/se"
TAIL=2 run_bundle_tests group_fused_1gpu_test watchdog_gpu_test 2>&1 | tee -a $top/tests.txt
(cd $top && tar czf t.tgz t && rm -rf t)
cut_left=$((${CALL_END:-570} - SECONDS))
[ $cut_left -gt 20 ] || { echo "no time left for the cut" | tee -a $top/head.txt; exit 0; }
mkdir -p $top/cut && OUT=$top/cut timeout $cut_left bash $here/run113_call2.sh \
  > $top/cut/out.txt 2>&1
echo "cut exit $? at $SECONDS s" | tee -a $top/head.txt
(cd $top && tar czf cut.tgz cut && rm -rf cut)
