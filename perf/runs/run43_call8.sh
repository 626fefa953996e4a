#!/usr/bin/env bash
# Run 43, call 8 (perf/RESULTS.md), nvidia-h200 (nvidia-h200-x2 was not lent then): the
# validation of main with warp_index_uniform merged (full bundle, f4904e0) through
# tools/gpu_release.sh on one GPU: every 1-GPU test, the main job, bench --repeat 2 at
# both dims, limits, compute-sanitizer on fused and split at the design TP8 B=16 and
# split at the DeepSeek TP16 B=9.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run43_call8.tar.xz && cat bundle/COMMIT
export NCCL_NVLS_ENABLE=0
SANITIZER_CASES="design 8 16 fused split;deepseek 16 9 split" LIMIT_CELLS_DEEPSEEK="16 9" \
  timeout 470 tools/gpu_release.sh $OUT > $OUT/release.txt 2>&1
echo "release exit $? after $SECONDS s"
grep -vE "^\s+1 (fused|split) tp" $OUT/release.txt
echo "all done after $SECONDS s"
