#!/usr/bin/env bash
# Run 37, call 4 (perf/RESULTS.md), nvidia-h200-x2: validation of main as merged
# (bundle: full, 4bef3db, stripped) through tools/gpu_release.sh, with the run's starting
# point as ORIG (bundle_main: d0cbd14, bench and profile_step only, stripped): every GPU
# test on one and two GPUs, bench --repeat 2 at both dims, limits at the target cells
# and the new padded sizes, sanitizers at the design's TP8 B=16, TP16 B=48 (N = 48, two
# CTAs per SM, early trigger), TP8 B=40 (N = 40, two CTAs per SM) and DeepSeek TP16 B=9,
# and the A/B of ORIG against main.
# carry: bundle bundle_main
date -u
export NCCL_NVLS_ENABLE=0
CELLS="8 9;8 16;8 32;8 40;8 48;8 56;8 64;16 9;16 16;16 24;16 32;16 40;16 48;16 56;16 64" \
ORIG=bundle_main \
SANITIZER_CASES="design 8 16 fused split;design 16 48 fused split;design 8 40 fused;deepseek 16 9 fused split" \
AB_BATCHES=9,20,37,40,48,53,56,64 AB_DEEPSEEK_BATCHES=9,20,40,48,56 \
  timeout 580 tools/gpu_release.sh $OUT 2>&1 | tee $OUT/release.txt | head -150
echo "all done after $SECONDS s"
