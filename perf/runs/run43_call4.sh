#!/usr/bin/env bash
# Run 43, call 4 (perf/RESULTS.md), nvidia-h200-x2: the validation of main as it stands
# (full bundle; the fused kernel as run 40's, SharedDown as run 42's final read, whose
# producer refactor (21e7cd2) had not run on two GPUs nor under the sanitizers) through
# tools/gpu_release.sh: every GPU test on one and two GPUs, the main job, bench --repeat
# 2 at both dims, limits, compute-sanitizer on fused, split and baseline at the design
# TP8 B=16 and split at the DeepSeek TP16 B=9; then perf/release_probe, refactored into
# helpers after its last run (run 42).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run43_call4.tar.xz && cat bundle/COMMIT
export NCCL_NVLS_ENABLE=0
SANITIZER_CASES="design 8 16 fused split baseline;deepseek 16 9 split" \
  LIMIT_CELLS_DEEPSEEK="16 9" timeout 470 tools/gpu_release.sh $OUT > $OUT/release.txt 2>&1
echo "release exit $? after $SECONDS s"
grep -vE "^\s+1 (fused|split) tp" $OUT/release.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 60 ./bundle/release_probe > $OUT/release_probe.txt 2>&1
echo "release_probe exit $?"
cat $OUT/release_probe.txt
echo "all done after $SECONDS s"
