#!/usr/bin/env bash
# Run 51, call 5 (perf/RESULTS.md), nvidia-h200 (one GPU: x2 not lent this session). The
# validation of main `576ee8e`: LATE IN REGISTERS with kFusedX's early trigger (call 4's
# lr_et, its trigger rule now written in triggers_early; kFusedX's PTX differs from
# r51_lr_et only in register numbers and that test). tools/gpu_release.sh: every GPU test
# on one GPU, the main job, bench --repeat 2 at both dims, limits, compute-sanitizer
# synccheck, memcheck and racecheck for fused and split at TP8 B = 16, and the A/B against
# main before it (bundle_m, `f6cadcd`) at B = 9, 16, 32.
# Built: tools/bundle.sh bundle (at 576ee8e); bundle_m as in call 1
#   tar cJf bundle_pack/run51_call5.tar.xz bundle bundle_m
# carry: bundle_pack
date -u
tar xJf bundle_pack/run51_call5.tar.xz && cat bundle/COMMIT bundle_m/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split" ORIG=bundle_m AB_BATCHES=9,16,32 timeout 540 \
  tools/gpu_release.sh $OUT 2>&1 | tee $OUT/release.txt | tail -90
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
