#!/usr/bin/env bash
# Run 54 call 6: refill_issuer (ri: branch r54_refill_issuer `13e88b3`): every fused
# instance has a sixth warp (192 threads), whose lane 0 issues every other gate/up refill
# where a CTA's refills are at least two and fewer than its stages (kFused: the design TP16
# at N <= 32, the DeepSeek TP8 at N = 16, 32), as their stages free up, beside the
# producer's: run 53's issue stamps had the producer issue a refill every 0.23-0.28 us
# while the consumers freed a stage every 0.12-0.13 us. Against main (bundle of
# `abc7640`, ops/ as `98409f2`).
# Build first (here, with Bazel):
#   git checkout r54_refill_issuer && tools/bundle.sh bundle_ri ab && git checkout main
#   (bundle as in run54_call4.sh)
#   rm -f bundle_pack/*; tar cJf bundle_pack/run54_call6.tar.xz bundle bundle_ri
# carry: bundle_pack
date -u
tar xJf bundle_pack/run54_call6.tar.xz
for b in bundle bundle_ri; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_ri" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,16,32 \
  LIMIT_CELLS="16 9;16 16;16 32" timeout 400 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
