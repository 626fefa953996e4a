#!/usr/bin/env bash
# Run 114 call 8 (stop 102), named nvidia-h200, any card, about 50 s of command: the A/B
# of main (bundle_main), v2 (bundle_sa2) and STREAM'S END EVERYWHERE (bundle_se) over
# every cell se changes. Calls 3 and 7 timed only B = 9, 16, 24 at the design dims, and se
# also moves the down-only CTAs' loads after the dependency wait in kFused and kFusedLate
# (helper 148's review: at N = 32..64 and at the DeepSeek dims, where the gate/up stream
# is shorter, that may cost more than it saves). So: the design dims at B = 9, 16, 24,
# 32, 64 and the DeepSeek dims at B = 9, 32, 64, two rounds, no tests (every bundle was
# tested in calls 1, 3 and 6). On an H200 this decides the merge; on an H100 it says
# whether se loses anywhere there (call 8 ran on one: it did not). H200_ONLY=1 stops at once
# on any other card.
#   carry: bundle_pack/run113c.tar.xz bundle_pack/run113f.tar.xz bundle_pack/run114se.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if [ "${H200_ONLY:-0}" = 1 ] && ! nvidia-smi -L | grep -q H200; then
  echo "not an H200 and H200_ONLY=1; stopped" | tee -a $top/head.txt; exit 0
fi
for p in run113c run113f run114se; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle_main/COMMIT bundle_sa2/COMMIT bundle_se/COMMIT | tee -a $top/head.txt
MAIN=bundle_main CANDIDATES="bundle_sa2 bundle_se" TESTS_OF="" BATCHES=9,16,24,32,64 \
  DEEPSEEK_BATCHES=9,32,64 timeout 200 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/call.txt
(cd $top && tar czf c.tgz c && rm -rf c)
