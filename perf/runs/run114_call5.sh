#!/usr/bin/env bash
# Run 114 call 5 (stop 101), named nvidia-h200, for a call made with about 300-450 s of
# device time left (stop 101's, with 263 s, was refused: below about 280 s none starts):
# the smallest call that decides DOWN-ONLY AT THE STREAM'S END, about 40 s of command. On an
# H200 the A/B of main (bundle_main) against the merge form (bundle_sa2) and the measured
# form (bundle_sa), and STREAM'S END EVERYWHERE (bundle_se, built at 298b35b, branch
# r114_streams_all; not yet tested on a GPU: its timing only), twice at TP8 and TP16 B =
# 9, 16, 24 (no tests, no limits); on any other card it stops at once (an H100's A/B does
# not decide it, run 94; call 1 ran one) unless ANY_CARD=1 (stop 102: calls 3 and 6 ran on
# H100s; a third card's A/B costs 40 s where a fresh start costs more).
#   carry: bundle_pack/run113c.tar.xz bundle_pack/run113e.tar.xz bundle_pack/run113f.tar.xz
#          bundle_pack/run114se.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if [ "${ANY_CARD:-0}" != 1 ] && ! nvidia-smi -L | grep -q H200; then
  echo "not an H200; stopped" | tee -a $top/head.txt; exit 0
fi
for p in run113c run113e run113f run114se; do tar xJf bundle_pack/$p.tar.xz; done
MAIN=bundle_main CANDIDATES="bundle_sa bundle_sa2 bundle_se" TESTS_OF="" BATCHES=9,16,24 \
  timeout 100 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/call.txt
(cd $top && tar czf c.tgz c && rm -rf c)
