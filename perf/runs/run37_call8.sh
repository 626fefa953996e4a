#!/usr/bin/env bash
# Run 37, call 8 (perf/RESULTS.md), nvidia-h200-x2: validation of the rings of 6 at N = 64
# (call 7's candidate) with two CTAs per SM at N = 64 at TP8 too (branch r37_n64_tp8,
# full bundle of 3ba1682), through tools/gpu_release.sh; ORIG = call 7's candidate
# (bundle_r6: bench of fc1baf6), so that its A/B measures the TP8 rule alone. Packed
# (bundle_pack). Output to a file first, no pipe that may close early.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run37_call8.tar.xz && cat bundle/COMMIT bundle_r6/COMMIT
export NCCL_NVLS_ENABLE=0
CELLS="8 9;8 64;16 9;16 64" ORIG=bundle_r6 \
SANITIZER_CASES="design 8 16 fused split;design 16 64 fused split" \
AB_BATCHES=9,48,57,64 AB_DEEPSEEK_BATCHES=48,64 LIMIT_CELLS_DEEPSEEK="16 64;8 64" \
  timeout 320 tools/gpu_release.sh $OUT > $OUT/release.txt 2>&1
echo "release exit $? after $SECONDS s"
grep -vE "^\s+1 (fused|split) tp" $OUT/release.txt
