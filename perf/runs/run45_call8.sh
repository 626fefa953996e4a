#!/usr/bin/env bash
# Run 45, call 8 (perf/RESULTS.md), nvidia-h200 (x2 not lent): r45_burst (the first
# ring's first stage alone in CTAs of more than 16 gate/up blocks at N = 8 and 40..64, a
# rule that reads only k_count) measured and validated in one call: tools/gpu_release.sh
# with call 4's kernel (bundle_n) as ORIG: every 1-GPU test, the main job, bench --repeat
# 2 at both dims, limits; sanitizers at TP8 B=16 (fused, split) and TP8 B=8 (fused, the
# burst cell); the A/B at the burst and target cells.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run45_call8.tar.xz && cat bundle/COMMIT bundle_n/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split;design 8 8 fused" \
  ORIG=bundle_n AB_BATCHES=1,8,9,16,32,48,64,128 AB_DEEPSEEK_BATCHES=1,9,48,64 \
  LIMIT_CELLS_DEEPSEEK="16 9;8 9;8 64" timeout 500 tools/gpu_release.sh $OUT \
  2>&1 | tee $OUT/release.txt | tail -40
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
