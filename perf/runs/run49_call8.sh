#!/usr/bin/env bash
# Run 49, call 8 (perf/RESULTS.md), nvidia-h200. Call 6: kFusedX's h tiles land one every
# 0.13 us after the grid barrier, while the next grid (let in at the barrier) streams its
# first ring; call 7's multicast h was slower. Against main (bundle_m, 66d9618), in
# kFusedX only: the dependents triggered once the h of the first E early down fills has
# landed (the producer waits on fill E-1's full barrier after issuing its late loads),
# instead of at the grid barrier: th10 (r49_trig_h10: E = 10, all early fills), th5
# (r49_trig_h5: E = 5). Each candidate's 1-GPU tests, the A/B twice at TP8 B = 9, 16 (TP16
# the control), limits at TP8 B = 9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run49_call8.tar.xz
for b in bundle_m bundle_th10 bundle_th5; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_th10 bundle_th5" BATCHES=9,16 \
  LIMIT_CELLS="8 9;8 16" timeout 230 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
