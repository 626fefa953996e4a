#!/usr/bin/env bash
# Run 38, call 3 (perf/RESULTS.md), nvidia-h200-x2: validation of main c1d6dc2 (full
# bundle) through tools/gpu_release.sh: the alignment guard's wait, the trigger after
# the exchange at n >= 40 with >= 12 MiB of weights (the design dims at TP16), only the
# fused instances a plan can take; the test batches added after run 37's last call run
# on two GPUs here. ORIG = bundle_main (dbf1997, run 37's kernel) for the A/B.
# Packed (bundle_pack). Output to a file first, no pipe that may close early.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run38_call3.tar.xz && cat bundle/COMMIT bundle_main/COMMIT
export NCCL_NVLS_ENABLE=0
CELLS="8 9;8 64;16 9;16 48;16 64" ORIG=bundle_main \
SANITIZER_CASES="design 8 16 fused split;design 16 48 fused split" \
AB_BATCHES=9,40,48,56,64 AB_DEEPSEEK_BATCHES=9,48,64 LIMIT_CELLS_DEEPSEEK="16 64;8 64" \
  timeout 420 tools/gpu_release.sh $OUT > $OUT/release.txt 2>&1
echo "release exit $? after $SECONDS s"
grep -vE "^\s+1 (fused|split) tp" $OUT/release.txt
