#!/usr/bin/env bash
# Run 50, call 5 (perf/RESULTS.md), nvidia-h200. Call 4's fill stamps (HELD H, whose
# early down fills wait for weights only): the ten early down fills' weights have all
# landed before the grid barrier; the two late fills (refills 10, 11, asked into L2 at the
# end of the gate/up stream) land 1.7-2.0 us after it, in main too, and set the down
# loop's end. Candidates, kFusedX only: the late down blocks asked into L2 right after
# the dependency wait (lpw, r50_lp_wait) or before it (lpf, r50_lp_first). Their 1-GPU
# tests, the A/B against main (bundle_m) twice, limits at TP8 B = 9, 16; then the fill
# stamps (fill_landed diagnostic) of main (fl), lpw (lpwfl) and lpf (lpffl) at TP8 B=9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run50_call5.tar.xz
for b in bundle_m bundle_lpw bundle_lpf bundle_fl bundle_lpwfl bundle_lpffl; do
  echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_lpw bundle_lpf" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
for shape in "8 9" "8 16"; do
  for b in bundle_fl bundle_lpwfl bundle_lpffl; do
    echo "== $b TP/B $shape"
    (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
  done
done > $OUT/traces.txt
grep -E "^==|per step|^breakdown|MMAs done .*grid barrier|^fills \| [0-9]+:(2[4-9]|3[0-9])" $OUT/traces.txt
echo "all done after $SECONDS s"
