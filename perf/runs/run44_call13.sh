#!/usr/bin/env bash
# Run 44, call 13 (perf/RESULTS.md), nvidia-h200: pq (r44_pairs, second commit): the
# first ring's fills in pairs only where the ring holds the CTA's whole gate/up share
# (no refills: the DeepSeek dims at TP16, clusters of 16, N <= 32) against main
# (bundle_m2): tests, the A/B twice at both dims, then compute-sanitizer on pq's fused
# and split steps at the DeepSeek TP16 B=9.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run44_call13.tar.xz && cat bundle_m2/COMMIT bundle_pq/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m2 CANDIDATES="bundle_pq" BATCHES=9,32 DEEPSEEK_BATCHES=1,9,16,24,32,48 \
  timeout 300 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
cat $OUT/c/ab.txt $OUT/c/abds.txt | grep -E "^==|^ +(8|16) +"
SHX_DIMS=deepseek SANITIZER_SHAPE="16 9" SANITIZED="fused split" SANITIZER_TIMEOUT=60 \
  BUNDLE=bundle_pq TESTS=" " timeout 150 tools/gpu_validate.sh $OUT/v 2>&1 | grep -E "^==|exit|SUMMARY"
echo "all done after $SECONDS s"
