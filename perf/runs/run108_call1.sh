#!/usr/bin/env bash
# Run 108 call 1 (stop 91): OUT AT THE WAIT on whatever card comes.
#  - bundle_c (r108_card 27a33cd): OUT AT THE WAIT with 5 fills as the plan's per-card
#    choice (on below 4000 GB/s of HBM peak: an H100 SXM; off on an H200). Its 1-GPU
#    fused (with the flip of out_at_wait at B = 9, 16, bitwise equal), split, mailbox and
#    watchdog tests, SASS, and synccheck, memcheck and racecheck of the fused variant at
#    TP8 B=16 (on an H100 through OUT AT THE WAIT, on an H200 through main's path).
#  - The A/B of main (bundle_m, 17a379c, kernels as 5430330), 4 fills (bundle_o4,
#    docs/experiments/out_at_wait.patch = a8a3a31), 5 fills (bundle_o5, = e903631) and
#    bundle_c at TP8/TP16 B = 9, 16, 64, two rounds in one run; on an H200 also limits at
#    TP8 B = 9, 16 and FILL STAMPS of main and both candidates (bundle_sm, bundle_so4,
#    bundle_so5) at TP8 B=9.
# The bundles were rebuilt in stop 91 from those sources (stop 90's packs did not
# survive into the new checkout). Everything under $OUT/all.tar.xz.
#   carry: bundle_pack/run106ab.tar.xz bundle_pack/run106d.tar.xz
#          bundle_pack/run107s.tar.xz bundle_pack/run108c.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export NCCL_NVLS_ENABLE=0
for p in run106ab run106d run107s run108c; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle_m/COMMIT bundle_o4/COMMIT bundle_o5/COMMIT bundle_c/COMMIT | tee -a $top/head.txt
h200=; nvidia-smi -L | grep -q H200 && h200=1
MAIN=bundle_m CANDIDATES="bundle_o4 bundle_o5 bundle_c" TESTS_OF=bundle_c BATCHES=9,16,64 \
  LIMIT_CELLS=${h200:+"8 9;8 16"} timeout 300 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|HGMMA|LDL|out_at_wait" $top/call.txt | head -30
grep -m2 "out at the wait\|kFusedX" $top/call.txt | cut -c1-400
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt  # the limits rows (an H200 only)
BUNDLE=bundle_c TESTS=watchdog_gpu_test SANITIZED=fused timeout 150 tools/gpu_validate.sh \
  $top/v > $top/v.txt 2>&1
echo "validate bundle_c exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/v.txt
if [ -n "$h200" ]; then
  for b in bundle_sm bundle_so4 bundle_so5; do
    echo "== $b TP8 B=9"
    (cd $b && timeout 30 ./profile_step fused 8 9 40 1 trace 2>&1)
  done > $top/stamps.txt 2>&1
  grep -E "^==|per step|fills \| us after|fills \| [0-9]+:" $top/stamps.txt
fi
(cd $top && tar cJf all.tar.xz c v stamps.txt 2>/dev/null; rm -rf c v)
