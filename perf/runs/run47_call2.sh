#!/usr/bin/env bash
# Run 47, call 2 (perf/RESULTS.md), nvidia-h200: call 1's f1 (r47_fed1: kFusedX stores
# fill 0's x alone before its MMAs, the other nine fills' at fill 1) again, beside three
# forms of it with kFusedX's FIRST STAGE ALONE delay changed (512 SM cycles in f1 and main):
# d0 (r47_f1_d0), d256, d1024. Only kFusedX differs from main (bundle_n, 9a69fd1), so only
# TP8 B = 9..16 at the design dims.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run47_call2.tar.xz
for b in bundle_n bundle_f1 bundle_d0 bundle_d256 bundle_d1024; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_n CANDIDATES="bundle_f1 bundle_d0 bundle_d256 bundle_d1024" BATCHES=9,12,16 \
  LIMIT_CELLS="8 9;8 16" timeout 500 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
