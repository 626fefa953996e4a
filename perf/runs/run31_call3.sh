#!/usr/bin/env bash
# Run 31, call 3 (perf/RESULTS.md), nvidia-h200: thread 0's stamps inside the owners'
# phase (bundle_diag, 022bbab, docs/experiments/owner_stamps.patch), the limits table of
# the candidate x4 (3570313, docs/experiments/exchange_v4.patch) and its A/B against
# main a6c8940.
# carry: bundle_main bundle_x4 bundle_diag (tools/bundle.sh NAME ab at the commits named)
date -u
for s in "8 9" "8 64" "8 128" "16 9" "16 64"; do echo "== diag $s"; (cd bundle_diag && LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib timeout 60 ./profile_step fused $s 40 1 trace 2>&1 | grep -E "per step|partials|thread 0|h stored|published|breakdown"); done
echo "== limits x4"; BUNDLE=bundle_x4 tools/limits.sh $OUT/l > $OUT/limits_x4.txt 2>&1; cat $OUT/limits_x4.txt
MAIN=bundle_main CANDIDATES="bundle_x4" BATCHES=9,16,32,64,128 DEEPSEEK_BATCHES=9,64,128 \
  tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed" $OUT/candidates.txt | head -8
