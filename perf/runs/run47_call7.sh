#!/usr/bin/env bash
# Run 47, call 7 (perf/RESULTS.md), nvidia-h200: DOWN PAIRS (r47_down_pairs), the fused
# kernel's down loop two fills to a wgmma-group at N <= 32 (each fill still on its own full
# barrier as the producer arms it; one wgmma wait and two releases a pair). Run 42 call 14
# had the down loop 0.16-0.26 us shorter with 128-K fills in both loops (the gate/up loop
# slower there). Validated and measured in one call: tools/gpu_release.sh
# (BUNDLE=bundle_dp, ORIG=bundle_m: main f7243a7, kernel a688d22), sanitizers at TP8 B=16
# and TP16 B=32 (fused); the SASS compared first.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run47_call7.tar.xz && cat bundle_dp/COMMIT bundle_m/COMMIT
tools/same_sass.sh bundle_dp bundle_m > /tmp/sass_compare.txt 2>&1
tail -1 /tmp/sass_compare.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
BUNDLE=bundle_dp SANITIZER_CASES="design 8 16 fused;design 16 32 fused" ORIG=bundle_m \
  AB_BATCHES=1,9,16,24,32,64 AB_DEEPSEEK_BATCHES=9,16,32 LIMIT_CELLS_DEEPSEEK="16 9;8 9" \
  timeout 420 tools/gpu_release.sh $OUT 2>&1 | tee $OUT/release.txt | tail -30
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
