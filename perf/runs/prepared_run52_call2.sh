#!/usr/bin/env bash
# PREPARED in run 51, NOT RUN YET: H RUNS on main with LATE IN REGISTERS. Run 51 call 2:
# kFusedX's early h tiles in copies of 8 K blocks landed 0.65 us after the grid barrier,
# but the two late fills still ended the down loop, and the step was 0.29-0.40 us slower
# (the new ring layout alone 0.10-0.18). With the late fills now in registers the loop may
# end on that h. Branches on main `e6a6ff9`+: r52_h_runs (8 blocks a copy), r52_h_runs2
# (2); docs/experiments/h_runs.patch is the same change on `f6cadcd`.
# Build first:
#   git checkout r52_h_runs && tools/bundle.sh bundle_h8 ab
#   git checkout r52_h_runs2 && tools/bundle.sh bundle_h2 ab && git checkout main
#   (then the tar of prepared_run52_call1.sh, which packs these too)
# carry: bundle_pack
date -u
tar xJf bundle_pack/prepared_run52.tar.xz
for b in bundle bundle_h8 bundle_h2; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_h8 bundle_h2" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
