#!/usr/bin/env bash
# Run 46, call 3 (perf/RESULTS.md), nvidia-h200 (x2 not lent): CONSUMER X as kept
# (r46_consumer_x_ship: the gate kernel's first-ring x by the consumers at N <= 16, the
# first fill's at N = 24, 32; the fused kernel's at N = 16 in CTAs of more than 16 gate/up
# blocks, with the first stage alone there) measured and validated in one call:
# tools/gpu_release.sh with main (bundle_n, a30f46f) as ORIG: every 1-GPU test, the main
# job, bench --repeat 2 at both dims, limits; sanitizers at TP8 B=16 (fused, split) and
# TP16 B=32 (split: the first fill's x); the A/B at both dims.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run46_call3.tar.xz && cat bundle/COMMIT bundle_n/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split;design 16 32 split" \
  ORIG=bundle_n AB_BATCHES=1,9,16,24,32,64 AB_DEEPSEEK_BATCHES=9,16,32 \
  LIMIT_CELLS_DEEPSEEK="16 9;8 9" timeout 540 tools/gpu_release.sh $OUT \
  2>&1 | tee $OUT/release.txt | tail -40
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
