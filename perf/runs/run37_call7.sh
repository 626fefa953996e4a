#!/usr/bin/env bash
# Run 37, call 7 (perf/RESULTS.md), nvidia-h200: main (bundle_v2: bench and profile_step
# of d1e1794) against rings of 6 at N = 64 and 7 at N = 48 with two CTAs per SM
# (bundle_ring6, branch r37_ring6, fc1baf6: the epilogue staging without its padding,
# swizzled; no alignment slack; a 113-KB two-per-SM budget), so that TP16 B = 57..64
# holds its whole down tile in the ring and triggers early. Its 1-GPU tests, the A/B
# twice at both dims, limits at TP16 B=64 and TP8 B=48. Packed (bundle_pack).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run37_call7.tar.xz && cat bundle_v2/COMMIT bundle_ring6/COMMIT
MAIN=bundle_v2 CANDIDATES="bundle_ring6" BATCHES=9,16,40,48,57,60,64,128 \
  DEEPSEEK_BATCHES=9,48,64 LIMIT_CELLS="16 64;8 48;16 48" LIMITS_TIMEOUT=60 \
  timeout 500 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
cat $OUT/summary.txt
echo "all done after $SECONDS s"
