#!/usr/bin/env bash
# Run 96 call 2 (stop 80, no device then): LATE SPLIT, two forms on r96_late_instance's
# kFusedLate: the late A loads of part of the late fills deferred from right after the h
# release to after the down job's first ring fill has landed and its MMAs are issued, so
# that they do not compete with h's landing (run 95: at N = 32 h landed 0.39 -> 0.75 us
# with all four late blocks loading beside it).
#  - bundle_lh (r96_late_split_half): 1 of 3 (N = 24) and 2 of 4 (N = 32) deferred;
#  - bundle_la (r96_late_split_all): all of them deferred.
# Only kFusedLate's PTX differs from r96_late_instance's (bundle_li). For after call 1, if
# kFusedLate held on the H200. tools/gpu_candidates.sh: the two forms' fused, split and
# mailbox tests and the SASS check on any card; on an H200 only (AB_CARD) main, bundle_li,
# bundle_lh and bundle_la twice in one run (TP8 and TP16 B = 9, 17, 24, 25, 32; only TP8 B
# = 17..32 should move) and limits at TP8 B = 24, 32.
# Build (here): tools/bundle.sh NAME ab for bundle_m on main, bundle_li on
# r96_late_instance, bundle_lh on r96_late_split_half, bundle_la on r96_late_split_all;
# rm -f bundle_pack/run96_split.tar.xz; tar cJf bundle_pack/run96_split.tar.xz bundle_m
# bundle_li bundle_lh bundle_la.                                  carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run96_split.tar.xz
MAIN=bundle_m CANDIDATES="bundle_li bundle_lh bundle_la" TESTS_OF="bundle_lh bundle_la" \
  AB_CARD=H200 BATCHES=9,17,24,25,32 LIMIT_CELLS="8 24;8 32" timeout 560 \
  tools/gpu_candidates.sh $OUT/c 2>&1 | tee $OUT/call.txt
echo "done after $SECONDS s" | tee -a $OUT/call.txt
