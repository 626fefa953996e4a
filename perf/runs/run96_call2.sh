#!/usr/bin/env bash
# Run 96 call 2 (stop 80, no device then): LATE SPLIT, two forms on r96_late_instance's
# kFusedLate: the late A loads of part of the late fills deferred from right after the h
# release to after the down job's first ring fill has landed and its MMAs are issued, so
# that they do not compete with h's landing (run 95: at N = 32 h landed 0.39 -> 0.75 us
# with all four late blocks loading beside it).
#  - bundle_lh (r96_late_split_half): 1 of 3 (N = 24) and 2 of 4 (N = 32) deferred;
#  - bundle_la (r96_late_split_all): all of them deferred.
# Only kFusedLate's PTX differs from r96_late_instance's (bundle_li). For after call 1, if
# kFusedLate held on the H200. On any card: each form's group_fused_1gpu_test and the SASS
# check. On an H200 only: main, bundle_li, bundle_lh and bundle_la twice in one run (TP8 and
# TP16 B = 9, 17, 24, 25, 32; only TP8 B = 17..32 should move) and limits at TP8 B = 24, 32
# for the three kFusedLate forms.
# Build (here): tools/bundle.sh bundle_m ab on main; bundle_li on r96_late_instance,
# bundle_lh on r96_late_split_half, bundle_la on r96_late_split_all (each
# tools/bundle.sh NAME ab); rm -f bundle_pack/run96_split.tar.xz; tar cJf
# bundle_pack/run96_split.tar.xz bundle_m bundle_li bundle_lh bundle_la. carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run96_split.tar.xz &&
  cat bundle_m/COMMIT bundle_li/COMMIT bundle_lh/COMMIT bundle_la/COMMIT | tee -a $OUT/head.txt
for b in bundle_lh bundle_la; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test" timeout 150 tools/gpu_check.sh \
    $OUT/check_$b 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL|as planned" |
    tee -a $OUT/call.txt
done
if ! nvidia-smi -L | grep -q H200; then
  echo "not an H200: no A/B (done after $SECONDS s)" | tee -a $OUT/call.txt
  exit 0
fi
BATCHES=9,17,24,25,32 timeout 240 tools/gpu_ab.sh $OUT/ab bundle_m bundle_li bundle_lh \
  bundle_la bundle_la bundle_lh bundle_li bundle_m 2>&1 |
  grep -E "^==|exit|^ +(8|16) +[0-9]+ \|" | tee -a $OUT/call.txt
for b in bundle_li bundle_lh bundle_la; do
  echo "== limits $b" | tee -a $OUT/call.txt
  BUNDLE=$b CELLS="8 24;8 32" timeout 60 tools/limits.sh $OUT/limits_$b 2>&1 | grep '^| 8' |
    tee -a $OUT/call.txt
done
echo "done after $SECONDS s" | tee -a $OUT/call.txt
