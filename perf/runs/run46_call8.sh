#!/usr/bin/env bash
# Run 46, call 8 (perf/RESULTS.md), nvidia-h200, a diagnostic: why the consumers' x loads
# are 0.6 us slower than TMA at TP16 (call 1: x landed 0.38 -> 0.97). Call 1's cx
# (bundle_cx, r46_consumer_x: plain ld.global) against the same with the loads on the
# non-coherent path without L1 allocation (cxnc, r46_cx_nc) and cached in L2 only (cxcg,
# r46_cx_cg). Tests, the A/B at B = 9, 16 (design dims), limits at TP16 B=9 and TP8 B=9.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run46_call8.tar.xz
for b in bundle_cx bundle_cxnc bundle_cxcg; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_cx CANDIDATES="bundle_cxnc bundle_cxcg" BATCHES=9,16 \
  LIMIT_CELLS="16 9;8 9" timeout 220 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
