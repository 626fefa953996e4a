#!/usr/bin/env bash
# Run 39, call 5 (perf/RESULTS.md), nvidia-h200-x2 (or nvidia-h200 when no x2 is lent):
# validation of main with the guard helper (full bundle; .nv_fatbin as call 4's bundle_m)
# through tools/gpu_release.sh, without an A/B (calls 3 and 4 compared it with run 38's
# kernel). Output to a file first, no pipe that may close early.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run39_call5.tar.xz && cat bundle/COMMIT
export NCCL_NVLS_ENABLE=0
CELLS="8 9;8 64;16 9;16 64" \
SANITIZER_CASES="design 8 16 fused split;design 16 64 fused split" \
LIMIT_CELLS_DEEPSEEK="16 64" \
  timeout 480 tools/gpu_release.sh $OUT > $OUT/release.txt 2>&1
echo "release exit $? after $SECONDS s"
grep -vE "^\s+1 (fused|split) tp" $OUT/release.txt
