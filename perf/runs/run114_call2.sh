#!/usr/bin/env bash
# Run 114 call 2 (stop 100), named nvidia-h200, any card: the smallest useful call, for a
# stop with little device time left (stop 100 asked with 278 s and was refused: a start
# needs more).
#  On an H200: the A/B that decides DOWN-ONLY AT THE STREAM'S END, main (bundle_main)
#  against v2 (bundle_sa2, 64019c8) and the measured form (bundle_sa, 4bbed15), three rounds
#  at B = 9, 16 and 24 (24 a control), then v2's 1-GPU fused (the out_at_wait flip and the
#  scratch check) and watchdog tests. About 70 s.
#  On an H100: the three group tests of run114s (de033fb: the scratch check's first GPU
#  run), then v2's fused group test and the same A/B (an H100's does not decide it, run
#  94). About 100 s.
#   carry: bundle_pack/run113c.tar.xz bundle_pack/run113e.tar.xz bundle_pack/run113f.tar.xz
#          bundle_pack/run114s.tar.xz
# Superseded in stop 101 (its H100 half ran within run 114 call 1): for a call with little
# device time use run114_call5.sh (the H200 A/B, with STREAM'S END EVERYWHERE) or
# run114_call4.sh.
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
for p in run113c run113e run113f; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle_main/COMMIT bundle_sa/COMMIT bundle_sa2/COMMIT | tee -a $top/head.txt
source tools/gpu_env.sh "$top/g"
if ! nvidia-smi -L | grep -q H200; then
  rm -rf bundle && tar xJf bundle_pack/run114s.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
  TAIL=3 TEST_TIMEOUT=40 run_bundle_tests group_fused_1gpu_test group_split_1gpu_test \
    group_baseline_1gpu_test 2>&1 | tee $top/group.txt
  echo "run114s group tests done at $SECONDS s" | tee -a $top/head.txt
fi
BATCHES=9,16,24 timeout 60 tools/gpu_ab.sh $top/ab bundle_main bundle_sa2 bundle_sa \
  bundle_main bundle_sa2 bundle_sa bundle_main bundle_sa2 bundle_sa > $top/ab.txt 2>&1
echo "ab exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/ab.txt
tests="group_fused_1gpu_test"
nvidia-smi -L | grep -q H200 && tests="group_fused_1gpu_test watchdog_gpu_test"
mkdir -p $top/s # v2's logs apart from run114s's (the same test names)
bundle=bundle_sa2 out=$top/s TAIL=3 TEST_TIMEOUT=40 run_bundle_tests $tests 2>&1 \
  | tee $top/sa2_tests.txt
echo "sa2 tests done at $SECONDS s" | tee -a $top/head.txt
(cd $top && tar czf g.tgz g s ab && rm -rf g s ab)
