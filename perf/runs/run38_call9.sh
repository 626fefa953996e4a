#!/usr/bin/env bash
# Run 38, call 9 (perf/RESULTS.md), nvidia-h200-x2 (or nvidia-h200 when no x2 is lent):
# validation of main with call 8's change (the own columns' parts as plain shared
# stores; full bundle, .nv_fatbin as call 8's bundle_self) through tools/gpu_release.sh;
# ORIG = bundle_x (4aea405, call 3's validated kernel) for the A/B. Packed (bundle_pack).
# Output to a file first, no pipe that may close early.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run38_call9.tar.xz && cat bundle/COMMIT bundle_x/COMMIT
export NCCL_NVLS_ENABLE=0
CELLS="8 9;8 64;16 9;16 64" ORIG=bundle_x \
SANITIZER_CASES="design 8 16 fused split;design 16 64 fused split" \
AB_BATCHES=9,32,48,64,128 AB_DEEPSEEK_BATCHES=9,64 LIMIT_CELLS_DEEPSEEK="16 64" \
  timeout 480 tools/gpu_release.sh $OUT > $OUT/release.txt 2>&1
echo "release exit $? after $SECONDS s"
grep -vE "^\s+1 (fused|split) tp" $OUT/release.txt
