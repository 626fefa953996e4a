#!/usr/bin/env bash
# Run 37, call 5 (perf/RESULTS.md), nvidia-h200-x2: validation of branch n16_above_64
# (full bundle of d1e1794: N = 80, 96, 112 added above 64) through tools/gpu_release.sh,
# ORIG = main before it (bundle_v1: ab bundle of b743a87, kernel as call 4's). The two
# bundles travel packed (bundle_pack/run37_call5.tar.xz, 1.3 MB: `tar cJf` of bundle and
# bundle_v1), since unpacked they pass the carry limit with the tracked files.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run37_call5.tar.xz && cat bundle/COMMIT bundle_v1/COMMIT
export NCCL_NVLS_ENABLE=0
CELLS="8 9;8 16;8 32;8 40;8 64;8 96;16 9;16 16;16 32;16 40;16 64;16 96" \
ORIG=bundle_v1 \
SANITIZER_CASES="design 8 16 fused split;design 16 100 fused split;deepseek 16 9 fused split" \
AB_BATCHES=9,64,72,80,90,96,100,112,128 AB_DEEPSEEK_BATCHES=9,72,96,112,128 \
  timeout 580 tools/gpu_release.sh $OUT 2>&1 | tee $OUT/release.txt | head -80
echo "all done after $SECONDS s"
