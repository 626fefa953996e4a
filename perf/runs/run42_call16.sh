#!/usr/bin/env bash
# Run 42, call 16 (perf/RESULTS.md), nvidia-h200-x2: validation of r42_down128 (bundle_d,
# full bundle: SharedDown in fills of 128 K up to N = 32; the fused kernel's code as
# main's) before it is merged: the 2-GPU group tests (baseline, fused, split: cross-GPU
# peer stores, fused == split bit for bit), the 100-replay mailbox determinism test, and
# compute-sanitizer memcheck, racecheck and synccheck on one split step at TP8 B=16 and
# TP16 B=9 (SharedDown's N = 16 instance).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call16.tar.xz && cat bundle_d/COMMIT
nvidia-smi -L
BUNDLE=bundle_d SANITIZED=split tools/gpu_validate.sh $OUT/v 2>&1 | tee $OUT/validate.txt | \
  grep -E "^==|exit|passed|failed|SUMMARY|TIMEOUT|timed out|rror"
BUNDLE=bundle_d SANITIZED=split SANITIZER_SHAPE="16 9" TESTS=" " tools/gpu_validate.sh \
  $OUT/v2 2>&1 | tee $OUT/validate2.txt | grep -E "^==|exit|SUMMARY|TIMEOUT|timed out|rror"
echo "all done after $SECONDS s"
