#!/usr/bin/env bash
# Run 52 call 5: call 4's lane stamps with the late h first (lhf) had every h tile of a
# kFusedX CTA landed 1.1-1.3 us after the grid barrier, yet its down MMAs done 2.2 us after
# it, later than main's: the down loop looks paced by the consumers (about 0.1 us a fill,
# 12 fills) once its data is there. In LATE IN REGISTERS's down job no stage is refilled
# (the producer has returned after the late h copies), so the per-fill wait for the older
# wgmma-group and the stage release serve nothing. Candidates against main `9f016a8`:
# dnw (r52_down_nowait `252429e`: those skipped, every wgmma-group of the job in flight
# until the end) and dnwlf (r52_down_nowait_lf `159d94f`: the same on lhf). Then the lane
# stamps of dnw (bundle_dnwlfs, r52_down_nowait_lfs `e383bda`) and of main (bundle_lfs).
# Build first (here, with Bazel):
#   git checkout r52_down_nowait && tools/bundle.sh bundle_dnw ab
#   git checkout r52_down_nowait_lf && tools/bundle.sh bundle_dnwlf ab
#   git checkout r52_down_nowait_lfs && FILL_STAMPS=1 tools/bundle.sh bundle_dnwlfs ab
#   git checkout r52_fill_stamps_lanes && FILL_STAMPS=1 tools/bundle.sh bundle_lfs ab
#   git checkout main && tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run52_call5.tar.xz bundle bundle_dnw \
#     bundle_dnwlf bundle_lfs bundle_dnwlfs
# carry: bundle_pack
date -u
tar xJf bundle_pack/run52_call5.tar.xz
for b in bundle bundle_dnw bundle_dnwlf bundle_lfs bundle_dnwlfs; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_dnw bundle_dnwlf" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
for shape in "8 9" "8 16"; do
  for b in bundle_lfs bundle_dnwlfs; do
    echo "== $b TP/B $shape"
    (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
  done
done > $OUT/traces.txt
grep -E "^==|per step|^fills \| (us|CTA 0|landed|[0-9]+:)" $OUT/traces.txt | head -120
echo "all done after $SECONDS s"
