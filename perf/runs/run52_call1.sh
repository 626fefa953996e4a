#!/usr/bin/env bash
# Run 52 call 1 (prepared in run 51): the validation of main after run 51 (LATE IN
# REGISTERS with kFusedX's early trigger, plus the named barrier `e6a6ff9` added after run
# 51 call 5 for a race a review found: a warp's wgmma wait covers its own share only, so
# the epilogue could overwrite the late h tiles while another warp's MMAs read them). On
# nvidia-h200-x2 where lent (the two-GPU tests and the TP2 NCCL comparison are owed), else
# nvidia-h200. The A/B is against 576ee8e (run 51 call 5's validated kernel, no barrier);
# DeepSeek B = 48 again (call 5's A/B read TP16 B=48 0.5 us slower with identical PTX).
# Build first (here, with Bazel):
#   git checkout main && tools/bundle.sh bundle
#   git checkout 576ee8e && tools/bundle.sh bundle_576 ab && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run52_call1.tar.xz bundle bundle_576
# carry: bundle_pack
date -u
tar xJf bundle_pack/run52_call1.tar.xz && cat bundle/COMMIT bundle_576/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split" ORIG=bundle_576 AB_BATCHES=9,16,32 \
  AB_DEEPSEEK_BATCHES=9,48,64 timeout 540 tools/gpu_release.sh $OUT 2>&1 | \
  tee $OUT/release.txt | tail -90
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
