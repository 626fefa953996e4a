#!/usr/bin/env bash
# Run 46, call 2 (perf/RESULTS.md), nvidia-h200: call 1's consumer x loads cost about
# 0.6 us at TP16 (x landed 0.38 -> 0.97: the consumers waited for every first-ring x tile
# before their first MMA). x1 (r46_x1): the consumers load only the first fill's x, the
# producer's TMA the rest; the first stage alone at N <= 32 as in cx1. x1s (r46_x1s): x1
# with main's first-stage rule (N = 8, 40..64). Against main (bundle_n) and call 1's cx1.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run46_call2.tar.xz
for b in bundle_n bundle_cx1 bundle_x1 bundle_x1s; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_n CANDIDATES="bundle_cx1 bundle_x1 bundle_x1s" BATCHES=1,9,16,24,32 \
  DEEPSEEK_BATCHES=9,32 LIMIT_CELLS="8 9;16 9" timeout 540 tools/gpu_candidates.sh \
  $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
