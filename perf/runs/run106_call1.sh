#!/usr/bin/env bash
# Run 106 call 1 (stop 88): OUT AT THE WAIT (branch r106_out_at_wait, a8a3a31) against main
# (bundle_m, 5430330), on any card (a change to when weights are asked for is judged on
# an H200: the card is in head.txt and the tables say which).
#  - bundle_o4: kFusedX's consumers copy the first ring's fills 0-3 A tiles into wgmma's
#    A registers right after the dependency wait and release their stages, so that the
#    producer loads refills 10-13's weights at once (their x once the copied fills' MMAs
#    are done); bundle_o2: the same with fills 0-1 (SHX_OUT_AT_WAIT_FILLS 2).
#  - Each candidate's 1-GPU fused, split and mailbox tests (fused = split bit for bit,
#    100 replays bitwise identical, against the CPU reference), traces and limits at TP8
#    B = 9, 16, the A/B at TP8/TP16 B = 9, 16 twice in one run, then a second A/B.
#  - The FILL STAMPS builds of main (bundle_sm, c37362c+fill_stamps: main's kernels) and
#    of bundle_o4 (bundle_so4) at TP8 B = 9, twice each, alternated: when each fill
#    landed after the dependency wait (profile_step's "fills |" rows; a copied fill's
#    refill counts as landed once its x has too). Time nothing with these.
# Build: on r106_out_at_wait, tools/bundle.sh bundle_o4 ab; with SHX_OUT_AT_WAIT_FILLS 2,
# tools/bundle.sh bundle_o2 ab; on main, tools/bundle.sh bundle_m ab;
# FILL_STAMPS=1 tools/bundle.sh bundle_so4 ab (on r106_out_at_wait); bundle_sm from
# bundle_pack/run105_stamps.tar.xz;
# tar cJf bundle_pack/run106ab.tar.xz bundle_m bundle_o4 bundle_o2 bundle_sm bundle_so4.
#                                                    carry: bundle_pack/run106ab.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export NCCL_NVLS_ENABLE=0
tar xJf bundle_pack/run106ab.tar.xz && cat bundle_*/COMMIT | tee -a $top/head.txt
# LEAN=1 (a short call): bundle_o4 alone, no limits, no second A/B.
candidates="bundle_o4 bundle_o2" limit_cells="8 9;8 16"
[ "${LEAN:-0}" = 1 ] && candidates=bundle_o4 limit_cells=
MAIN=bundle_m CANDIDATES="$candidates" BATCHES=9,16 TRACES="8 9" \
  LIMIT_CELLS="$limit_cells" timeout 330 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|HGMMA|LDL|per step|^\|" $top/call.txt | head -80
tools/ab_table.sh $top/call.txt
mkdir -p $top/ab2
if [ "${LEAN:-0}" != 1 ]; then
  BATCHES=9,16 timeout 100 tools/gpu_ab.sh $top/ab2 bundle_m bundle_o4 bundle_o2 bundle_m \
    bundle_o4 bundle_o2 > $top/call2.txt 2>&1
  echo "second A/B exit $? at $SECONDS s" | tee -a $top/head.txt
  tools/ab_table.sh $top/call2.txt
fi
for round in 1 2; do
  for b in bundle_sm bundle_so4; do
    echo "== $b TP8 B=9 round $round"
    (cd $b && timeout 30 ./profile_step fused 8 9 40 1 trace 2>&1)
  done
done > $top/stamps.txt 2>&1
echo "stamps done at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|per step|^fills \| +-?[0-9]+\.[0-9]+ \||dependency wait|first stage" $top/stamps.txt | head -120
(cd $top && tar cJf all.tar.xz c ab2 call*.txt stamps.txt && rm -rf c ab2)
