#!/usr/bin/env bash
# Run 113 call 9 (stop 99), named nvidia-h200: on an H200 only (elsewhere it stops after
# naming the card), run113_call8.sh's comparison where it decides (a change in when weights
# are asked for is judged on an H200, run 94): main, DOWN-ONLY AT THE STREAM'S END (all /
# half of the gate/up CTAs) and the 5000 ns form, the A/B twice at B = 9, 16, 24 and limits
# at TP8 B = 9, 16 first; then the candidate's 1-GPU fused, split and mailbox tests; then,
# as far as the call's time goes, run113_call2.sh's cut (every target cell's limits and
# issue 3's table), kept as cut.tgz.
#   carry: bundle_pack/run113s.tar.xz bundle_pack/run113c.tar.xz bundle_pack/run113e.tar.xz
set -u
top=$(cd "$OUT" && pwd)
here=$(dirname "$0")
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if ! nvidia-smi -L | grep -q H200; then
  echo "run113_call9: not an H200; stopped" | tee -a $top/head.txt
  exit 0
fi
tar xJf bundle_pack/run113c.tar.xz && tar xJf bundle_pack/run113e.tar.xz
cat bundle_main/COMMIT bundle_sa/COMMIT bundle_sh/COMMIT bundle_d5000/COMMIT | tee -a $top/head.txt
MAIN=bundle_main CANDIDATES="bundle_sa bundle_sh bundle_d5000" TESTS_OF="" \
  BATCHES=9,16,24 LIMIT_CELLS="8 9;8 16" timeout 150 tools/gpu_candidates.sh $top/c \
  > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt | grep -v "^| [0-9]* | [0-9]* | [0-9.]*, " # the limits rows
BUNDLE=bundle_sa source tools/gpu_env.sh "$top/t"
TAIL=2 run_bundle_tests group_fused_1gpu_test group_split_1gpu_test \
  mailbox_gpu_test 2>&1 | tee $top/tests.txt
(cd $top && tar czf t.tgz t && rm -rf t)
mkdir -p $top/cut && OUT=$top/cut timeout $((560 - SECONDS)) bash $here/run113_call2.sh \
  > $top/cut/out.txt 2>&1
echo "cut exit $? at $SECONDS s" | tee -a $top/head.txt
(cd $top && tar czf cut.tgz cut && rm -rf cut)
