#!/usr/bin/env bash
# Run 114 call 4 (stop 101), named nvidia-h200, any card: call 3's jobs cut to about
# 250 s for a call made with about 600 s of device time left.
#  On an H200: the A/B that decides DOWN-ONLY AT THE STREAM'S END (prepared_run114_h200.sh's
#  bundles: main, sa, sa2, sh, d5000, a, se; twice at B = 9, 16, 24; limits at TP8 B = 9,
#  16), then bundle_sa2's and bundle_se's group_fused_1gpu_test and watchdog_gpu_test
#  (sa2's split and mailbox tests passed on an H100 in call 1 and it does not change
#  them). No cut.
#  On an H100: compute-sanitizer synccheck, memcheck and racecheck of bundle_sa2's fused
#  variant at TP8 B=16 (the plan runs kFusedXOut there), then the A/B of main, sa, sa2
#  and bundle_se's first tests (fused, split, mailbox, watchdog).
#  bundle_se: STREAM'S END EVERYWHERE (r114_streams_all 298b35b, v2's count in every
#  fused mode; not run on a GPU before).
#   carry: bundle_pack/run113c.tar.xz bundle_pack/run113e.tar.xz bundle_pack/run113f.tar.xz
#          bundle_pack/run114se.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
for p in run113c run113e run113f run114se; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle_main/COMMIT bundle_sa/COMMIT bundle_sa2/COMMIT bundle_se/COMMIT | tee -a $top/head.txt
if nvidia-smi -L | grep -q H200; then
  MAIN=bundle_main CANDIDATES="bundle_sa bundle_sa2 bundle_sh bundle_d5000 bundle_a bundle_se" \
    TESTS_OF="" BATCHES=9,16,24 LIMIT_CELLS="8 9;8 16" timeout 240 \
    tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
  echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
  tools/ab_table.sh $top/call.txt
  grep "^|" $top/call.txt | grep -v "^| [0-9]* | [0-9]* | [0-9.]*, " # the limits rows
  (cd $top && tar czf c.tgz c && rm -rf c)
  BUNDLE=bundle_sa2 source tools/gpu_env.sh "$top/t"
  TAIL=2 run_bundle_tests group_fused_1gpu_test watchdog_gpu_test 2>&1 | tee $top/tests.txt
  BUNDLE=bundle_se source tools/gpu_env.sh "$top/t/se"
  TAIL=2 run_bundle_tests group_fused_1gpu_test watchdog_gpu_test 2>&1 | tee -a $top/tests.txt
  (cd $top && tar czf t.tgz t && rm -rf t)
  exit 0
fi
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
