#!/usr/bin/env bash
# PREPARED in run 51, NOT RUN YET: where the next grid's first ring goes under kFusedX's
# early trigger. Run 51 call 5's limits (TP8 B=9): the gap from the last push to the next
# wait grew 0.48 -> 0.9 us with the early trigger; the next grid issues its first ring
# about 1.8 us after its entry, so it is in flight as this grid ends, and a grid's
# completion waits for its traffic (run 44). Candidates: the first ring 1024, 2048 or 4096
# cycles (0.5, 1, 2 us) later in kFusedX (branches r52_ring_delay1024/2048/4096 on main
# after run 51). Read with the limits: "gap to the next wait" against "x landed" and the
# gate/up loop.
# Build first:
#   for d in 1024 2048 4096; do git checkout r52_ring_delay$d && tools/bundle.sh bundle_rd$d ab; done
#   git checkout main && tools/bundle.sh bundle_m52 ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/prepared_run52_call3.tar.xz bundle_m52 \
#     bundle_rd1024 bundle_rd2048 bundle_rd4096
# carry: bundle_pack
date -u
tar xJf bundle_pack/prepared_run52_call3.tar.xz
for b in bundle_m52 bundle_rd1024 bundle_rd2048 bundle_rd4096; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m52 CANDIDATES="bundle_rd1024 bundle_rd2048 bundle_rd4096" BATCHES=9,16 \
  LIMIT_CELLS="8 9;8 16" timeout 500 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
