#!/usr/bin/env bash
# Run 52 call 2: the two kFusedX candidates prepared in run 51 (prepared_run52_call2.sh and
# prepared_run52_call3.sh, merged into one call) against main `9f016a8` (validated in call 1).
# - H RUNS on main with LATE IN REGISTERS. Run 51 call 2: kFusedX's early h tiles in copies
#   of 8 K blocks landed 0.65 us after the grid barrier, but the two late fills still ended
#   the down loop, and the step was 0.29-0.40 us slower (the new ring layout alone
#   0.10-0.18). With the late fills now in registers the loop may end on that h. Branches
#   r52_h_runs (8 blocks a copy), r52_h_runs2 (2); docs/experiments/h_runs.patch is the
#   same change on `f6cadcd`.
# - ring delay: run 51 call 5's limits (TP8 B=9): the gap from the last push to the next
#   wait grew 0.48 -> 0.9 us with the early trigger; the next grid issues its first ring
#   about 1.8 us after its entry, so it is in flight as this grid ends, and a grid's
#   completion waits for its traffic (run 44). Candidates: kFusedX's first ring 1024, 2048
#   or 4096 cycles (0.5, 1, 2 us) later (branches r52_ring_delay1024/2048/4096). Read with
#   the limits: "gap to the next wait" against "x landed" and the gate/up loop.
# Build first (here, with Bazel):
#   git checkout r52_h_runs && tools/bundle.sh bundle_h8 ab
#   git checkout r52_h_runs2 && tools/bundle.sh bundle_h2 ab
#   for d in 1024 2048 4096; do git checkout r52_ring_delay$d && tools/bundle.sh bundle_rd$d ab; done
#   git checkout main && tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run52_call2.tar.xz bundle bundle_h8 bundle_h2 \
#     bundle_rd1024 bundle_rd2048 bundle_rd4096
# carry: bundle_pack
date -u
tar xJf bundle_pack/run52_call2.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_h8 bundle_h2 bundle_rd1024 bundle_rd2048 bundle_rd4096" \
  BATCHES=9,16 LIMIT_CELLS="8 9;8 16" timeout 540 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
