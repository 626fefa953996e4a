#!/usr/bin/env bash
# Run 36, call 3 (perf/RESULTS.md), nvidia-h200-x2: validation of main as it ends the run
# with tools/gpu_release.sh (its first run): full bundle of 04f516d (kernel .nv_fatbin
# identical to run 35 call 7's, ea8eba9), every GPU test on one and two GPUs, the main
# job, SASS, bench --repeat 2 at both dims, compute-sanitizer at the design's TP8 B=16,
# DeepSeek TP16 B=9 (fused and split) and DeepSeek TP8 B=64 (fused), the A/B against
# bundle_hoist (3ec5570: the same kernel, so the A/B shows the run-to-run spread), limits.
# carry: bundle bundle_hoist
ORIG=bundle_hoist \
  SANITIZER_CASES="design 8 16 fused split;deepseek 16 9 fused split;deepseek 8 64 fused" \
  tools/gpu_release.sh "$OUT"
