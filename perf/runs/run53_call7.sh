#!/usr/bin/env bash
# Run 53 call 7: two forms around call 6's down_issuer (dis: its h release shorter, but x
# landed and the gate/up loop longer at TP16):
# - dis_late (branch r53_dis_late `8d87543`): the issuer starts only once the producer has
#   issued its last refill (an arrival on the unused full barrier of slot 46), so that the
#   down loads no longer go out beside the refills, yet faster than the producer's serial
#   issue after them;
# - dis_idle (r53_dis_idle `5007677`, a diagnostic): the sixth warp present, never issuing:
#   what the warp alone costs.
# Build first (here, with Bazel):
#   git checkout r53_dis_late && tools/bundle.sh bundle_disl ab
#   git checkout r53_dis_idle && tools/bundle.sh bundle_disi ab
#   (bundle as in run53_call1.sh)
#   rm -f bundle_pack/*; tar cJf bundle_pack/run53_call7.tar.xz bundle bundle_disl bundle_disi
# carry: bundle_pack
date -u
tar xJf bundle_pack/run53_call7.tar.xz
for b in bundle bundle_disl bundle_disi; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_disl bundle_disi" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,32,64 \
  LIMIT_CELLS="16 9;16 16;16 32" timeout 400 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
