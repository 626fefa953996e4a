#!/usr/bin/env bash
# Run 52 call 4: call 3's lane stamps (r52_fill_stamps_lanes) had kFusedX's two LATE IN
# REGISTERS h tiles land 0.5 us after the ring's ten at TP8 B = 9, 16 (the ring's within
# 0.55 us of the grid barrier, the late ones 1.3-1.8 us after it), and the down loop ends
# on them. Candidates against main `9f016a8`: lhf (r52_late_h_first `4e911c7`: the late h
# copies issued before the ring's after the grid barrier) and h8lf (r52_h8_late_first
# `8f2f8c5`: the same on H RUNS, 8 blocks a copy). Then the lane stamps of main (bundle_lfs,
# `afd0157+fill_stamps`) and of lhf (bundle_lhflfs, r52_late_h_first_lfs `94b18a8`).
# Build first (here, with Bazel):
#   git checkout r52_late_h_first && tools/bundle.sh bundle_lhf ab
#   git checkout r52_h8_late_first && tools/bundle.sh bundle_h8lf ab
#   git checkout r52_late_h_first_lfs && FILL_STAMPS=1 tools/bundle.sh bundle_lhflfs ab
#   git checkout r52_fill_stamps_lanes && FILL_STAMPS=1 tools/bundle.sh bundle_lfs ab
#   git checkout main && tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run52_call4.tar.xz bundle bundle_lhf \
#     bundle_h8lf bundle_lfs bundle_lhflfs
# carry: bundle_pack
date -u
tar xJf bundle_pack/run52_call4.tar.xz
for b in bundle bundle_lhf bundle_h8lf bundle_lfs bundle_lhflfs; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_lhf bundle_h8lf" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
for shape in "8 9" "8 16"; do
  for b in bundle_lfs bundle_lhflfs; do
    echo "== $b TP/B $shape"
    (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
  done
done > $OUT/traces.txt
grep -E "^==|per step|^fills \| (us|CTA 0|landed|[0-9]+:)" $OUT/traces.txt | head -120
echo "all done after $SECONDS s"
