#!/usr/bin/env bash
# Run 40, call 6 (perf/RESULTS.md), nvidia-h200-x2: validation of main with SharedDown's
# one copy a down tile (full bundle, 404332d: r40_down_one_copy_split merged; the fused
# kernel's instances unchanged) through tools/gpu_release.sh, with the A/B against
# bundle_m (main before it, 9a47dff) at both dims and compute-sanitizer on the split
# variant at the design TP8 B=16 and the DeepSeek TP16 B=9. Output to a file first.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run40_call6.tar.xz && cat bundle/COMMIT bundle_m/COMMIT
export NCCL_NVLS_ENABLE=0
CELLS="8 9;8 64;16 9;16 64" ORIG=bundle_m \
SANITIZER_CASES="design 8 16 fused split;deepseek 16 9 split" \
AB_BATCHES=1,9,16,32,64,128 AB_DEEPSEEK_BATCHES=1,9,64 LIMIT_CELLS_DEEPSEEK="16 9" \
  timeout 480 tools/gpu_release.sh $OUT > $OUT/release.txt 2>&1
echo "release exit $? after $SECONDS s"
grep -vE "^\s+1 (fused|split) tp" $OUT/release.txt
