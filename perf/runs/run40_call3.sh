#!/usr/bin/env bash
# Run 40, call 3 (perf/RESULTS.md), nvidia-h200: main (bundle_m) against fewer polls of
# the grid-barrier counter (call 2: more polls in flight made the barrier longer):
# bundle_g1 (r40_pollgap128: 128 cycles between the producer's polls) and bundle_g5
# (r40_pollgap512: 512 cycles). Tests, A/B, limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run40_call3.tar.xz && cat bundle_m/COMMIT bundle_g1/COMMIT bundle_g5/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_g1 bundle_g5" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="16 32;8 9;16 9" \
  timeout 440 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
