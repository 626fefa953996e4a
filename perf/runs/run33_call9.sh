#!/usr/bin/env bash
# Run 33, call 9 (perf/RESULTS.md), nvidia-h200: a review mend that changes the
# .nv_fatbin: pp (a5b0931: push_partials' two paths take their owner address and barrier
# from one helper, partial_destination) against main (bce78db): pp's 1-GPU fused, split
# and mailbox tests, the A/B twice at both dims (N = 128 takes the 16-byte path, N <= 64
# the 8-byte one).
# carry: bundle_main3 bundle_pp
MAIN=bundle_main3 CANDIDATES="bundle_pp" BATCHES=9,16,32,64,128 DEEPSEEK_BATCHES=9,32,128 \
  timeout 300 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
grep -E "^==|exit|passed|failed|rror" $OUT/candidates.txt | head -12
echo "all done after $SECONDS s"
