#!/usr/bin/env bash
# Run 54 call 8: validation of main `bfaa410` (the REFILL ISSUER merged: its kFused N = 16
# instance's PTX is run 54 call 7's ri16, every other instance's is `98409f2`'s) on one
# H200 through tools/gpu_release.sh: GPU facts, SASS, every 1-GPU test (the watchdog,
# step-graph and leak tests too), the main job, bench --repeat 2 at both dims, the limits;
# compute-sanitizer at the design's TP16 B=16 (the changed instance) and TP8 B=16; the A/B
# against the run's start (bundle_abc: `abc7640`, ops/ as `98409f2`).
# Build first (here, with Bazel):
#   (bundle_abc: run54_call4.sh's bundle of main `abc7640`)
#   git checkout main && tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run54_call8.tar.xz bundle bundle_abc
# carry: bundle_pack
date -u
tar xJf bundle_pack/run54_call8.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 16 16 fused split;design 8 16 fused split" ORIG=bundle_abc \
  AB_BATCHES=9,16,32,64 AB_DEEPSEEK_BATCHES=9,16,32 LIMIT_CELLS_DEEPSEEK="8 9;16 9" \
  timeout 560 tools/gpu_release.sh $OUT > $OUT/release.txt 2>&1
echo "release exit $? after $SECONDS s"
grep -E "^==|exit|passed|failed|skipped|HGMMA|LDL|rror|SUMMARY|imeout" $OUT/release.txt | head -60
echo "all done after $SECONDS s"
