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
# run115_call1.sh and run115_call2.sh run this with more: PACKS, CANDIDATES, TESTS_OF,
# AB_TIMEOUT, AB_BATCHES, AB_DEEPSEEK_BATCHES and, read by tools/gpu_candidates.sh itself,
# EXTRA_TESTS and LIMIT_CELLS (the defaults are what call 8 ran).
candidates=${CANDIDATES:-bundle_sa2 bundle_se}
tests_of=${TESTS_OF:-}
for p in ${PACKS:-run113c run113f run114se}; do tar xJf bundle_pack/$p.tar.xz; done
for b in bundle_main $candidates; do cat $b/COMMIT; done | tee -a $top/head.txt
MAIN=bundle_main CANDIDATES="$candidates" TESTS_OF="$tests_of" BATCHES=${AB_BATCHES:-9,16,24,32,64} \
  DEEPSEEK_BATCHES=${AB_DEEPSEEK_BATCHES:-9,32,64} timeout ${AB_TIMEOUT:-200} tools/gpu_candidates.sh $top/c \
  > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
[ -n "$tests_of" ] &&
  grep -E "^==|exit|passed|failed|rror|mismatch|differ|HGMMA|LDL" $top/call.txt | head -20
tools/ab_table.sh $top/call.txt
# With LIMIT_CELLS, tools/limits.sh's rows (the A/B rows and the DeepSeek ones left out).
grep "^|" $top/call.txt | grep -v "^| [0-9]* | [0-9]* | [0-9.]*, " | grep -v DeepSeek
(cd $top && tar czf c.tgz c && rm -rf c)
