#!/usr/bin/env bash
# Run 98 call 1 (prepared in stop 81): the H200 A/B of EXIT DRAIN that run 97 could not
# get (its three commands landed on an H100, where EXIT DRAIN was 0.34-0.37 us faster at
# TP8 B = 9, 16, all of it in the grid barrier phase). main (bundle_m, 519f5fd: kFusedLate
# merged; main's later commits to 5e17dde change no kernel), EXIT DRAIN (bundle_xd,
# r97_exit_drain fa524ec; its tests and memcheck passed in run 97 call 1) and the diagnostic
# bundle_xn (r98_exit_drain_no_adopt c18da71: the destructor's drain without the copy
# issuers' error-flag load, so that a gain can be placed in one half), twice in one run, and
# limits at TP8 B = 9, 16; on an H200 only (AB_CARD), so name nvidia-h200 and read head.txt.
# Build (here): tools/bundle.sh bundle_m ab on main (or on 519f5fd); tools/bundle.sh
# bundle_xd ab on r97_exit_drain; tools/bundle.sh bundle_xn ab on r98_exit_drain_no_adopt;
# rm -f bundle_pack/run98.tar.xz; tar cJf bundle_pack/run98.tar.xz bundle_m bundle_xd
# bundle_xn. A short form for little device time: BATCHES=9,16 LIMIT_CELLS= bash
# perf/runs/run98_call1.sh.                                       carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run98.tar.xz
MAIN=bundle_m CANDIDATES="bundle_xd bundle_xn" TESTS_OF= AB_CARD=${AB_CARD:-H200} \
  BATCHES=${BATCHES:-9,16,17,24,25,32,64} LIMIT_CELLS=${LIMIT_CELLS-8 9;8 16} timeout 300 \
  tools/gpu_candidates.sh \
  $OUT/c 2>&1 | tee $OUT/call.txt | tail -12
echo "done after $SECONDS s" | tee -a $OUT/call.txt
