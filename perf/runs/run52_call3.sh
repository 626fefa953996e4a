#!/usr/bin/env bash
# Run 52 call 3: H RUNS in every fused instance (h_runs_all, branch r52_h_runs_all
# `f98a687`, on r52_h_runs: runs of min(8, I / 64) blocks, so TP16's whole down tile of 6
# blocks in one h copy where its stages do not wrap the ring) against main `9f016a8`. At
# TP16 B = 9, 16 the down loop is 0.73-0.80 us for 6 blocks all in the ring before the
# barrier: the pace of one h copy every 0.11-0.14 us (run 49-51). Then the FILL STAMPS
# diagnostic prepared in run 51 (prepared_run52_call4.sh): one lane per fill
# (r52_fill_stamps_lanes `afd0157`) against the in-order stamp warp (main `9f016a8`),
# their "fills |" rows at TP8 B = 9, 16.
# Build first (here, with Bazel):
#   git checkout r52_h_runs_all && tools/bundle.sh bundle_hall ab
#   git checkout r52_fill_stamps_lanes && FILL_STAMPS=1 tools/bundle.sh bundle_lfs ab
#   git checkout main && FILL_STAMPS=1 tools/bundle.sh bundle_mfs ab && tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run52_call3.tar.xz bundle bundle_hall \
#     bundle_mfs bundle_lfs
# carry: bundle_pack
date -u
tar xJf bundle_pack/run52_call3.tar.xz
for b in bundle bundle_hall bundle_mfs bundle_lfs; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_hall" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,32,64 \
  LIMIT_CELLS="8 9;16 9;16 16;16 32" timeout 400 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
for shape in "8 9" "8 16"; do
  for b in bundle_mfs bundle_lfs; do
    echo "== $b TP/B $shape"
    (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
  done
done > $OUT/traces.txt
grep -E "^==|per step|^fills \| (us|CTA 0|landed|[0-9]+:)" $OUT/traces.txt | head -120
echo "all done after $SECONDS s"
