#!/usr/bin/env bash
# Run 44, call 3 (perf/RESULTS.md), nvidia-h200: the first ring capped before the wait
# (r44_prewait: at most kPreWaitStagesEarly stages where the grid triggers early, Late
# where it triggers late, loaded before the dependency wait; the rest of the ring asked
# into L2 then and loaded after it). b: caps 64 (main's behaviour), e4: 4 early, e7: 7
# early, l6: 6 late. Tests of each, the A/B twice at both dims, limits at TP8 and TP16 B=9.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run44_call3.tar.xz && cat bundle_b/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_b CANDIDATES="bundle_e4 bundle_e7 bundle_l6" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="8 9;16 9" \
  timeout 480 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
cat $OUT/c/ab.txt $OUT/c/abds.txt | grep -E "^==|^ +(8|16) +"
echo "all done after $SECONDS s"
