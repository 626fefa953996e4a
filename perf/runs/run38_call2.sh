#!/usr/bin/env bash
# Run 38, call 2 (perf/RESULTS.md), nvidia-h200: main before this run (bundle_main,
# dbf1997) against main with call 1's finding as a plan rule (bundle_new, 7e8cefe: the
# trigger after the h stores at n >= 40 where a rank streams >= 12 MiB of weights, i.e.
# the design dims at TP16; plus the alignment guard's wait) and against a trigger after
# the exchange at the same cells (bundle_exch, branch r38_trig_exch, b0f9e3c). The
# candidates' 1-GPU tests, the A/B twice at both dims (the DeepSeek cells must not move
# with bundle_new), limits at TP16 B = 48, 64. Packed (bundle_pack).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run38_call2.tar.xz && cat bundle_main/COMMIT bundle_new/COMMIT bundle_exch/COMMIT
export NCCL_NVLS_ENABLE=0
MAIN=bundle_main CANDIDATES="bundle_new bundle_exch" BATCHES=9,40,48,56,64 \
  DEEPSEEK_BATCHES=40,48,64 LIMIT_CELLS="16 48;16 64" LIMITS_TIMEOUT=60 \
  timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
cat $OUT/summary.txt
echo "all done after $SECONDS s"
