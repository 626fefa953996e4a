#!/usr/bin/env bash
# Run 43, call 1 (perf/RESULTS.md), nvidia-h200: main (bundle_m, ea5cb99) against two
# candidates: bundle_d (r43_down_ready: the fused kernel's down fills loaded before the
# grid barrier and their h on one mbarrier, their MMAs back to back without per-fill
# tests, released only where a late fill reuses the stage) and bundle_r (r43_ring_ready:
# d plus the first gate/up ring on one mbarrier where the grid triggers early). Tests,
# traces, the A/B at both dims and the limits table.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run43_call1.tar.xz && cat bundle_m/COMMIT bundle_d/COMMIT bundle_r/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_d bundle_r" BATCHES=9,16,32,64,128 DEEPSEEK_BATCHES=9,64 \
  LIMIT_CELLS="8 9;16 9;16 32" TRACES="16 9" timeout 480 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
cat $OUT/c/ab.txt $OUT/c/abds.txt | grep -E "^==|^ +(8|16) +"
grep -E "^\| " $OUT/candidates.txt
echo "all done after $SECONDS s"
