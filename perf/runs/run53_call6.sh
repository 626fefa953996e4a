#!/usr/bin/env bash
# Run 53 call 6: down_issuer (dis: branch r53_down_issuer `db209ed`). Calls 4, 5: at TP16
# the producer issues a CTA's six early down loads after its refills, 2.03-3.07 us after
# the wait, one every 0.16-0.2 us, while their stages are free from about 1.4 us; loads
# still in flight lengthen the h release (call 2). Where a CTA's refills are fewer than its
# stages (kFused: TP16, the DeepSeek dims), a sixth warp's lane 0 now issues them as their
# stages free up, beside the refills (after the dependency wait). Every fused instance has
# the sixth warp (192 threads), idle elsewhere.
# Build first (here, with Bazel):
#   git checkout r53_down_issuer && tools/bundle.sh bundle_dis ab
#   (bundle as in run53_call1.sh)
#   rm -f bundle_pack/*; tar cJf bundle_pack/run53_call6.tar.xz bundle bundle_dis
# carry: bundle_pack
date -u
tar xJf bundle_pack/run53_call6.tar.xz
for b in bundle bundle_dis; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_dis" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,32,64 \
  LIMIT_CELLS="16 9;16 16;16 32;8 9" timeout 300 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
