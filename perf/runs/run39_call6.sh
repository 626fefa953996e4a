#!/usr/bin/env bash
# Run 39, call 6 (perf/RESULTS.md), nvidia-h200-x2 (or nvidia-h200 when no x2 is lent):
# validation of branch r39_small_n16 (full bundle, cbe5ed5: the first bucket, batches
# 1..8, on the n = 16 plan where shx_fused_small_batches_take_n16 says so; host code
# only, the .nv_fatbin is call 4's bundle_m) through tools/gpu_release.sh, with the A/B
# against bundle_m (main before it) at B = 1..16 at both dims and compute-sanitizer at
# the design TP16 B=4 (now n = 16). Output to a file first.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run39_call6.tar.xz && cat bundle/COMMIT bundle_m/COMMIT
export NCCL_NVLS_ENABLE=0
CELLS="8 9;8 64;16 4;16 9;16 64" ORIG=bundle_m \
SANITIZER_CASES="design 16 4 fused split" \
AB_BATCHES=1,4,8,9,16 AB_DEEPSEEK_BATCHES=1,4,8,9 LIMIT_CELLS_DEEPSEEK="16 9" \
  timeout 480 tools/gpu_release.sh $OUT > $OUT/release.txt 2>&1
echo "release exit $? after $SECONDS s"
grep -vE "^\s+1 (fused|split) tp" $OUT/release.txt
