#!/usr/bin/env bash
# Run 50, call 9 (perf/RESULTS.md), nvidia-h200. Call 8's polled fill stamps: a CTA's h
# copies after the grid barrier are served in issue order (the last early fill's, issued
# first, lands first), one every 0.13 us or so; HELD H (call 4) avoided them but lost 0.4 us
# in the producer -> consumers hop. Candidate hh2 (r50_held_h2): HELD H with consumer
# thread 0 polling the grid barrier itself and telling the producer (which departs after
# it). Its 1-GPU tests, the A/B against main (bundle_m) twice, limits at TP8 B = 9, 16; then
# the polled fill stamps of main (fl2) and hh2 (hh2fl) at TP8 B = 9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run50_call9.tar.xz
for b in bundle_m bundle_hh2 bundle_fl2 bundle_hh2fl; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_hh2" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 300 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
for shape in "8 9" "8 16"; do
  for b in bundle_fl2 bundle_hh2fl; do
    echo "== $b TP/B $shape"
    (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
  done
done > $OUT/traces.txt
grep -E "^==|per step|^breakdown|MMAs done .*grid barrier|CTA [0-2] down" $OUT/traces.txt
echo "all done after $SECONDS s"
