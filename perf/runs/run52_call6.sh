#!/usr/bin/env bash
# Run 52 call 6: the validation of main `98409f2` (kFusedX's LATE IN REGISTERS h copies
# first and its down job without per-fill waits and releases: call 5's dnwlf, the same
# PTX) through tools/gpu_release.sh, one GPU (nvidia-h200-x2 not lent). The A/B is against
# the previous main (`c794e9b`, ops/ as `9f016a8`, validated in call 1). Only kFusedX
# changed, so the DeepSeek A/B is one batch.
# Build first (here, with Bazel):
#   git checkout c794e9b && tools/bundle.sh bundle_prev
#   git checkout main && tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run52_call6.tar.xz bundle bundle_prev
# carry: bundle_pack
date -u
tar xJf bundle_pack/run52_call6.tar.xz && cat bundle/COMMIT bundle_prev/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split" ORIG=bundle_prev AB_BATCHES=9,16,32 \
  AB_DEEPSEEK_BATCHES=9 timeout 540 tools/gpu_release.sh $OUT 2>&1 | \
  tee $OUT/release.txt | tail -90
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
