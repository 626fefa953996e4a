#!/usr/bin/env bash
# Run 31, call 5 (perf/RESULTS.md), nvidia-h200: the candidates rc (61d29e1: the owners'
# reduction per cluster size) and rcx (ba04550: rc and the N = 128 exchange in 16-byte
# st.async stores) against main a6c8940, and rc's limits table.
# carry: bundle_main bundle_rc bundle_rcx (tools/bundle.sh NAME ab at the commits named)
date -u
echo "== limits rc"; BUNDLE=bundle_rc tools/limits.sh $OUT/l > $OUT/limits_rc.txt 2>&1; cat $OUT/limits_rc.txt
MAIN=bundle_main CANDIDATES="bundle_rc bundle_rcx" BATCHES=9,16,32,64,128 DEEPSEEK_BATCHES=9,64,128 \
  tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed" $OUT/candidates.txt | head -14
