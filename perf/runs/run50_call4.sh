#!/usr/bin/env bash
# Run 50, call 4 (perf/RESULTS.md), nvidia-h200. Call 3's fill stamps: after the grid
# barrier kFusedX's early down fills land one every 0.13 us (h by TMA, the weights long
# in shared memory: 5.5-6.6 TB/s of weights "landing", above HBM's rate). Candidate hh
# (r50_held_h, HELD H): the consumers load the early stages' h themselves with
# ld.global.cg, all ten at once, once the producer signals the barrier. Its 1-GPU tests,
# the A/B against main (bundle_m) twice, limits at TP8 B = 9, 16; then the fill stamps of
# hh (hhfl: r50_held_h with the fill_landed diagnostic) at TP8 B = 9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run50_call4.tar.xz
for b in bundle_m bundle_hh bundle_hhfl; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_hh" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
for shape in "8 9" "8 16"; do
  echo "== bundle_hhfl TP/B $shape"
  (cd bundle_hhfl && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
done > $OUT/traces.txt
grep -E "^==|per step|^breakdown|MMAs done .*grid barrier" $OUT/traces.txt
grep -E "^== bundle_hhfl TP/B 8 9" -A300 $OUT/traces.txt | grep -E "^fills \| +(6|7|8|9|10|11)\.|by fill|^fills \| [0-9]+:" | head -40
echo "all done after $SECONDS s"
