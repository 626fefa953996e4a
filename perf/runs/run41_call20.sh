#!/usr/bin/env bash
# Run 41, call 20 (perf/RESULTS.md), nvidia-h200: main (bundle_m) against bundle_p2 (r41_p2,
# docs/experiments/second_producer.patch: a second producer warp, warp 5's lane 0, issues
# every other gate/up refill; 192 threads). Call 19's fill trace: at TP8 the refills go out
# 0.18-0.2 us apart although their stages were released well before, so the producer's own
# per-refill time (its wait on a completed release, about 150 cycles, and its three
# copies) paces TP8's gate/up loop. Tests, A/B, limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call20.tar.xz && cat bundle_m/COMMIT bundle_p2/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_p2" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="8 9;16 9;8 32" \
  timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
