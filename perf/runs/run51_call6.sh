#!/usr/bin/env bash
# Run 51 call 6: main `576ee8e` (validated in call 5: TP8 B = 9, 16 10.38-10.49 us) against
# f2 (branch r51_f2 `5887549`): triggers_early true for every kFusedX CTA, whose kFusedX
# PTX is call 4's lr_et (10.22-10.34 us there); main's rule reads late_in_registers (the
# same trigger point at the design dims, the PTX renumbered).
# Built: tools/bundle.sh bundle (576ee8e, call 5's); r51_f2 -> bundle_f2 ab
#   tar cJf bundle_pack/run51_call6.tar.xz bundle bundle_f2
# carry: bundle_pack
date -u
tar xJf bundle_pack/run51_call6.tar.xz
for b in bundle bundle_f2; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_f2" BATCHES=9,16 \
  LIMIT_CELLS="8 9;8 16" timeout 280 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
