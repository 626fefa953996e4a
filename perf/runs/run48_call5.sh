#!/usr/bin/env bash
# Run 48, call 5 (perf/RESULTS.md), nvidia-h200: the down loop's MMA dependencies, against
# main (bundle_m, 4e902ee). dc4 (r48_dc4): the down loops (fused and SharedDown, so that
# their mailboxes stay bit-identical) in four accumulator chains at N <= 16 (two since
# run 27, measured before runs 42-43 took the loops' instructions down); gif2 (r48_gif2):
# two wgmma-groups in flight in the fused kernel's down loop. Tests, the A/B at both dims,
# limits at TP8 B=9 and TP16 B=9.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run48_call5.tar.xz
for b in bundle_m bundle_dc4 bundle_gif2; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_dc4 bundle_gif2" BATCHES=1,9,16,32,64 DEEPSEEK_BATCHES=9,16 \
  LIMIT_CELLS="8 9;16 9" timeout 450 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
