#!/usr/bin/env bash
# Run 42, call 14 (perf/RESULTS.md), nvidia-h200: main (bundle_m) against bundle_f2
# (r42_fill128 at its second commit): call 13's fills of 128 K had their second block's
# MMAs under a runtime condition (a half last fill for odd counts), and ptxas serialized
# every wgmma of those instances (C7520: a compiler-inserted warpgroup arrive on a
# divergent path); now unconditional, the plans keep gate/up counts even (the DeepSeek
# dims at TP16 N <= 32 move from clusters of 16 to 8). Tests, trace, A/B, limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call14.tar.xz && cat bundle_m/COMMIT bundle_f2/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_f2" BATCHES=8,9,16,24,32,64 \
  DEEPSEEK_BATCHES=9,16,32,64 LIMIT_CELLS="8 9;16 9;16 32;8 32" TRACES="16 9" \
  timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout|^\| |^== |MMAs done|first gate|per step" $OUT/summary.txt
echo "all done after $SECONDS s"
