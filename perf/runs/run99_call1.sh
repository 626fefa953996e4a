#!/usr/bin/env bash
# Run 99 call 1 (prepared in stop 81): the H200 A/B of EXIT DRAIN that runs 97 and 98 could
# not get (all their commands landed on H100s, where EXIT DRAIN was 0.18-0.37 us faster at
# TP8 B = 9, 16 and 0.11-0.18 slower at B=64). Against main (bundle_m, 386bb7c: kFusedLate
# merged, its device code as 519f5fd's; its host launch code refactored in 386bb7c and
# run on no GPU before this call, so bundle_m's exit and numbers check that too), twice in
# one run, with limits at TP8 B = 9, 16, on an H200 only (AB_CARD), so name nvidia-h200
# and read head.txt:
#  - bundle_xd: EXIT DRAIN (r97_exit_drain fa524ec; PTX as the branch's 7257621, whose
#    review mends are comments and a deleted copy constructor); tests and memcheck passed
#    in run 97 call 1;
#  - bundle_xn (diagnostic, r98_exit_drain_no_adopt c18da71): the destructor's drain
#    without the copy issuers' error-flag load (run 98: the same moves as bundle_xd);
#  - bundle_xc (diagnostic, r98_converged_exit 8dd0b55): main but for the producer warp's
#    lanes 1..31 waiting for lane 0 (__syncwarp) before they leave, as EXIT DRAIN's common
#    exit makes them: whether that is what moves the step.
# Build (here): tools/bundle.sh NAME ab for bundle_m on main, bundle_xd on r97_exit_drain,
# bundle_xn on r98_exit_drain_no_adopt, bundle_xc on r98_converged_exit; rm -f
# bundle_pack/run99.tar.xz; tar cJf bundle_pack/run99.tar.xz bundle_m bundle_xd bundle_xn
# bundle_xc. First, on any card, the SASS of kFusedX<16> and kFused<64> of each build.
# A short form for little device time: BATCHES=9,16,64 LIMIT_CELLS= bash
# perf/runs/run99_call1.sh; AB_CARD="NVIDIA H" takes any card; CANDIDATES="bundle_xd" drops
# the two diagnostics.   carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run99.tar.xz
# On any card (SASS does not depend on it): kFusedX<16> (TP8 B = 9..16) and kFused<64>'s
# SASS of each build, gzipped, and same_sass.sh's kernel-by-kernel comparison of EXIT DRAIN
# and CONVERGED EXIT with main, so that the moves can be read offline.
for b in bundle_m bundle_xd bundle_xn bundle_xc; do
  cuobjdump -sass $b/group_fused_1gpu_test |
    awk '/Function : /{keep = ($3 ~ /ILi16ELNS1_4ModeE2E/ || $3 ~ /ILi64ELNS1_4ModeE0E/)} keep' |
    gzip > $OUT/sass_${b#bundle_}.txt.gz
done
for b in bundle_xd bundle_xc; do
  tools/same_sass.sh $b bundle_m > $OUT/same_sass_${b#bundle_}.txt 2>&1
done
MAIN=bundle_m CANDIDATES=${CANDIDATES:-"bundle_xd bundle_xn bundle_xc"} TESTS_OF= AB_CARD=${AB_CARD:-H200} \
  BATCHES=${BATCHES:-9,16,17,24,25,32,64} LIMIT_CELLS=${LIMIT_CELLS-8 9;8 16} timeout 400 \
  tools/gpu_candidates.sh $OUT/c 2>&1 | tee $OUT/call.txt | tail -12
echo "done after $SECONDS s" | tee -a $OUT/call.txt
