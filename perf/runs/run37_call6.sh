#!/usr/bin/env bash
# Run 37, call 6 (perf/RESULTS.md), nvidia-h200: the rest of call 5, whose script piped
# gpu_release.sh's output through `head`, which ended it (SIGPIPE) during the sanitizers:
# compute-sanitizer at the design's TP16 B=100 (memcheck and racecheck; synccheck passed
# in call 5) and DeepSeek TP16 B=9, then the A/B of main before the N = 80..112
# instances (bundle_v1, b743a87) against them (bundle, d1e1794), fused and split, twice.
# Same pack as call 5. Output to files first; nothing reads it through a pipe that may
# close early.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run37_call5.tar.xz && cat bundle/COMMIT bundle_v1/COMMIT
export NCCL_NVLS_ENABLE=0
{
  SHX_DIMS=design SANITIZER_SHAPE="16 100" SANITIZED="fused split" SANITIZERS="memcheck racecheck" \
    SANITIZER_TIMEOUT=60 TESTS=" " timeout 150 tools/gpu_validate.sh $OUT/v_design_16_100
  SHX_DIMS=deepseek SANITIZER_SHAPE="16 9" SANITIZED="fused split" SANITIZER_TIMEOUT=60 \
    TESTS=" " timeout 150 tools/gpu_validate.sh $OUT/v_deepseek_16_9
} > $OUT/sanitizers.txt 2>&1
grep -E "^== comp|SUMMARY|rror|imeout" $OUT/sanitizers.txt
echo "sanitizers done after $SECONDS s"
BATCHES=9,64,72,80,90,96,100,112,128 timeout 120 tools/gpu_ab.sh $OUT/ab bundle_v1 bundle \
  bundle_v1 bundle > $OUT/ab.txt 2>&1
BENCH_ARGS="--dims deepseek" BATCHES=9,72,96,112,128 timeout 90 tools/gpu_ab.sh $OUT/abds \
  bundle_v1 bundle bundle_v1 bundle > $OUT/abds.txt 2>&1
cat $OUT/ab.txt $OUT/abds.txt
rm -rf $OUT/ab $OUT/abds
(cd $OUT && tar czf sanitizer_logs.tgz v_* && rm -rf v_*)
echo "all done after $SECONDS s"
