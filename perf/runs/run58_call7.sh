#!/usr/bin/env bash
# Run 58 call 7: main with SYNC DOMAINS (`c340d71`: a fused step of parity 1 launches in
# the remote memory synchronization domain; the kernels' PTX is unchanged) validated on
# one H200 through tools/gpu_release.sh: every one-GPU test, the main job, bench
# --repeat 2 at both dims, limits, compute-sanitizer at the design's TP8 B=16 and TP16
# B=16 (the REFILL ISSUER's instance) and the DeepSeek TP16 B=9, and the A/B against the
# run's start (bundle_orig: `07ba9c0`, the same kernels without the domains).
# Build first (here, with Bazel):
#   tools/bundle.sh bundle
#   git checkout 07ba9c0 && tools/bundle.sh bundle_orig ab && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run58_call7.tar.xz bundle bundle_orig
# carry: bundle_pack
date -u
tar xJf bundle_pack/run58_call7.tar.xz && cat bundle/COMMIT bundle_orig/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split;design 16 16 fused;deepseek 16 9 fused" \
  ORIG=bundle_orig AB_BATCHES=9,16,40,64 AB_DEEPSEEK_BATCHES=9,16,48 \
  timeout 570 tools/gpu_release.sh $OUT 2>&1 | tee $OUT/release.txt | tail -100
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
