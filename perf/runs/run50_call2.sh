#!/usr/bin/env bash
# Run 50, call 2 (perf/RESULTS.md), nvidia-h200-x2. main's kernels (ops/ unchanged since
# `66d9618`, run 48) had not run on two GPUs: kFusedX (TP8 B = 9..16) changed in runs 46-48
# and the last two-GPU validation was run 43. tools/gpu_release.sh on two GPUs: every GPU
# test on one and on two GPUs (cross-GPU peer stores), the main job, bench --repeat 2 at
# both dims (with the TP2 NCCL comparison), limits, and compute-sanitizer synccheck,
# memcheck and racecheck for fused and split at the design's TP8 B = 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run50_call2.tar.xz && cat bundle/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split" timeout 560 \
  tools/gpu_release.sh $OUT 2>&1 | tee $OUT/release.txt | tail -80
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
