#!/usr/bin/env bash
# Run 43, call 10 (perf/RESULTS.md), nvidia-h200-x2: main with warp_index_uniform
# (full bundle, f4904e0) on two H200s: the 2-GPU group tests (baseline, fused, split:
# cross-GPU peer stores, fused == split bit for bit) and the mailbox test, which call 8
# could not run (no two-GPU machine then); the sanitizers ran in call 8.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run43_call10.tar.xz && cat bundle/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
SANITIZERS=" " tools/gpu_validate.sh $OUT/v 2>&1 | tee $OUT/validate.txt | \
  grep -E "^==|exit|passed|failed|SUMMARY|rror|gpus 2 B (9|64|128):"
echo "all done after $SECONDS s"
