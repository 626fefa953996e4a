#!/usr/bin/env bash
# Run 44, call 12 (perf/RESULTS.md), nvidia-h200: pr (r44_pairs: where the grid triggers
# early at N <= 32, the first ring's gate/up fills consumed in pairs: each pair on one full
# barrier armed for both stages, one wgmma-group of eight MMAs, one look-ahead test and
# one wait_group a pair, both slots released together; the step's critical path at TP16
# runs through the gate/up loop to the trigger) against main (bundle_m2). Tests, the A/B
# twice at both dims, limits at TP16 B = 9, 32 and TP8 B=9.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run44_call12.tar.xz && cat bundle_m2/COMMIT bundle_pr/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m2 CANDIDATES="bundle_pr" BATCHES=8,9,16,24,32,64 DEEPSEEK_BATCHES=9,32 \
  LIMIT_CELLS="16 9;16 32;8 9" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
cat $OUT/c/ab.txt $OUT/c/abds.txt | grep -E "^==|^ +(8|16) +"
echo "all done after $SECONDS s"
