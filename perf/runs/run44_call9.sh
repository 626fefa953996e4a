#!/usr/bin/env bash
# Run 44, call 9 (perf/RESULTS.md), nvidia-h200-x2: the validation of main as it stands
# (full bundle; the fused kernel's only change since run 43's validation: trace_point
# reads %globaltimer before the trace pointer) through tools/gpu_release.sh: every GPU
# test on one and two GPUs, the main job, bench --repeat 2 at both dims, limits at every
# target cell (the stamps as now taken), compute-sanitizer on fused and split at the
# design TP8 B=16 and split at the DeepSeek TP16 B=9.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run44_call9.tar.xz && cat bundle/COMMIT
export NCCL_NVLS_ENABLE=0
SANITIZER_CASES="design 8 16 fused split;deepseek 16 9 split" \
  LIMIT_CELLS_DEEPSEEK="16 9" timeout 500 tools/gpu_release.sh $OUT > $OUT/release.txt 2>&1
echo "release exit $? after $SECONDS s"
grep -vE "^\s+1 (fused|split) tp" $OUT/release.txt
echo "all done after $SECONDS s"
