#!/usr/bin/env bash
# Run 54 call 4: TILE PAIRS (tp: branch r54_tile_pairs `fc78587`): at N = 16 where clusters
# of 16 of one gate/up tile do not fit and of two do (the design TP16, the DeepSeek TP8),
# a CTA computes two adjacent gate/up tiles against one x tile per fill, in clusters of
# 16: 96 gate/up CTAs of 7 fills (16 KB of weights each, stages of 128 K, a ring of 5)
# instead of 14 fills of 8 KB in clusters of 8; its down fills carry two K blocks (3 at
# TP16), as SharedDown's do. The other instances' PTX is main's but for the plan
# parameter's size. Against main (bundle of `abc7640`, ops/ as `98409f2`).
# Build first (here, with Bazel):
#   git checkout r54_tile_pairs && tools/bundle.sh bundle_tp ab
#   git checkout main && tools/bundle.sh bundle ab
#   mkdir -p bundle_pack && rm -f bundle_pack/* && tar cJf bundle_pack/run54_call4.tar.xz bundle bundle_tp
# carry: bundle_pack
date -u
tar xJf bundle_pack/run54_call4.tar.xz
for b in bundle bundle_tp; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_tp" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,16,32 \
  LIMIT_CELLS="16 9;16 16;8 9" timeout 400 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
