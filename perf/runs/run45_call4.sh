#!/usr/bin/env bash
# Run 45, call 4 (perf/RESULTS.md), nvidia-h200 (x2 not lent): the validation of
# r45_pairs (the paired gate/up fills at N = 32 where the grid triggers early) with
# tools/gpu_release.sh on one GPU (the two-GPU tests are not in it): every 1-GPU test,
# the main job, bench --repeat 2 at both dims, limits at every target cell; sanitizers at
# TP8 B=16 (fused, split), TP16 B=32 (fused: the paired cells) at both dims; the A/B of
# main (bundle_m) against it at both dims.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run45_call4.tar.xz && cat bundle/COMMIT bundle_m/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split;design 16 32 fused;deepseek 16 32 fused" \
  ORIG=bundle_m AB_BATCHES=9,16,25,32,64 AB_DEEPSEEK_BATCHES=9,25,32 \
  LIMIT_CELLS_DEEPSEEK="16 9;16 32;8 32" timeout 560 tools/gpu_release.sh $OUT \
  2>&1 | tee $OUT/release.txt | tail -120
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
