#!/usr/bin/env bash
# Run 54 call 7: refill_issuer at N = 16 only (ri16: branch r54_ri16 `0d243e5`): the fused
# kFused instance at N = 16 alone has the sixth warp (call 6's TP16 B = 9, 16 gained
# 0.06-0.09 us, but TP8 B=32, which never takes the issuer, lost 0.41-0.46 and TP16 B=32
# 0.06-0.09): every other instance's PTX is main's. Against main (bundle of `abc7640`,
# ops/ as `98409f2`), the A/B three times.
# Build first (here, with Bazel):
#   git checkout r54_ri16 && tools/bundle.sh bundle_ri16 ab && git checkout main
#   (bundle as in run54_call4.sh)
#   rm -f bundle_pack/*; tar cJf bundle_pack/run54_call7.tar.xz bundle bundle_ri16
# carry: bundle_pack
date -u
tar xJf bundle_pack/run54_call7.tar.xz
for b in bundle bundle_ri16; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_ri16" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,16,32 \
  LIMIT_CELLS="16 9;16 16;8 9" timeout 400 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
# a third A/B of the cells the issuer takes (design TP16, DeepSeek TP8 at B = 9, 16)
BATCHES=9,16 timeout 100 tools/gpu_ab.sh $OUT/ab3 bundle bundle_ri16 > $OUT/ab3.txt 2>&1
BATCHES=9,16 BENCH_ARGS="--dims deepseek" timeout 100 tools/gpu_ab.sh $OUT/ab3ds bundle bundle_ri16 \
  > $OUT/ab3ds.txt 2>&1
grep -E "^==|^ +(8|16) " $OUT/ab3.txt $OUT/ab3ds.txt
echo "all done after $SECONDS s"
