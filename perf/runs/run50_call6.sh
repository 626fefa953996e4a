#!/usr/bin/env bash
# Run 50, call 6 (perf/RESULTS.md), nvidia-h200. Calls 3-5's fill stamps (TP8 B = 9, 16,
# kFusedX): after the early down weights land (about 0.5 us before the grid barrier) HBM
# carries little more than h and the two late down fills until the next grid's first ring
# goes out, 0.4 us after that grid's wait (it enters 1.2-1.4 us after this grid's barrier,
# the late trigger, and its prologue takes about 1.8 us): some 3 us a step. Candidates,
# kFusedX only: the trigger after the gate/up MMAs (et, r50_fusedx_early_trigger; down-only
# CTAs at once), and the same with HELD H (hhet, r50_hh_et: the early down fills' h then
# needs no TMA copy, which the next grid's CTA on the same SM would share). Their 1-GPU
# tests, the A/B against main (bundle_m) twice, limits; then the fill stamps of both
# (etfl, hhetfl) and of main (fl) at TP8 B = 9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run50_call6.tar.xz
for b in bundle_m bundle_et bundle_hhet bundle_fl bundle_etfl bundle_hhetfl; do
  echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_et bundle_hhet" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
for shape in "8 9" "8 16"; do
  for b in bundle_fl bundle_etfl bundle_hhetfl; do
    echo "== $b TP/B $shape"
    (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
  done
done > $OUT/traces.txt
grep -E "^==|per step|^breakdown|^launch|MMAs done .*grid barrier" $OUT/traces.txt
echo "all done after $SECONDS s"
