#!/usr/bin/env bash
# Run 48, call 1 (perf/RESULTS.md), nvidia-h200: three kFusedX candidates against main
# (bundle_m, 4e902ee); only kFusedX differs (TP8 B = 9..16 at the design dims; TP16 is
# the control). r6 (r48_rax6, run 47's prepared ring_after_x on main): 6 of the first
# ring's 10 fills before the dependency wait, 4 right after it; r3 (r48_rax3): 3 before,
# 7 after; dp (r48_down_pair_barrier): the down fills in pairs on one full barrier,
# consumed by mma_blocks_paired. Each candidate's 1-GPU tests, the A/B twice, limits at
# TP8 B = 9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run48_call1.tar.xz
for b in bundle_m bundle_r6 bundle_r3 bundle_dp; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_r6 bundle_r3 bundle_dp" BATCHES=9,12,16 \
  LIMIT_CELLS="8 9;8 16" timeout 500 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
