#!/usr/bin/env bash
# Run 61 call 2: main with the COOPERATIVE LAUNCH (`bc6a89f`: fused-mode launches carry
# cudaLaunchAttributeCooperative) validated on one H200 through tools/gpu_release.sh:
# every one-GPU test (neighbour_gpu_test now asserts that no variant times out), the
# main job, bench --repeat 2 at both dims, limits, compute-sanitizer at the design's
# TP8 B=16 (fused, split), TP16 B=16 and TP8 B=128 (fused), and the A/B against the
# run's start (bundle_orig: `de217db`, plain launches); first bench --beside-only of both.
# Build first (here, with Bazel):
#   tools/bundle.sh bundle
#   git checkout de217db && tools/bundle.sh bundle_orig ab && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run61_call2.tar.xz bundle bundle_orig
# carry: bundle_pack
{ # (release.txt: this log; with gpu_release.sh's seven files, eight)
date -u
tar xJf bundle_pack/run61_call2.tar.xz && cat bundle/COMMIT bundle_orig/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/release.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
# The shared expert beside the routed experts' stand-in (100 SMs held ~15-21 us), plain
# against cooperative launches: does the next layer's fused step now wait for the
# stand-in to exit?
for b in bundle_orig bundle; do
  (cd $b && timeout 60 ./bench --beside-only) 2>/dev/null |
    tee -a $OUT/release.txt
  echo "beside-only $b: exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/release.txt
done
SANITIZER_CASES="design 8 16 fused split;design 16 16 fused;design 8 128 fused" \
  ORIG=bundle_orig AB_BATCHES=9,16,64,128 AB_DEEPSEEK_BATCHES=9,64 \
  timeout 520 tools/gpu_release.sh $OUT 2>&1 | tee -a $OUT/release.txt | tail -120
echo "release exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/release.txt
