#!/usr/bin/env bash
# Run 41, call 16 (perf/RESULTS.md), nvidia-h200: main (bundle_m) against call 15's held
# down loads issued by consumer thread 0 right after its h release instead of by the
# producer (call 15: the release fell 0.75 -> 0.46 us at TP8 B=9, but the producer, busy
# issuing the held loads, saw the grid barrier 0.36-0.87 us later): bundle_c3 (r41_heldc
# `327ba53`, the last 3) and bundle_c6 (r41_heldc6 `5385498`, the last 6); their full
# barriers armed in the prologue. Tests, A/B, limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call16.tar.xz && cat bundle_m/COMMIT bundle_c3/COMMIT bundle_c6/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_c3 bundle_c6" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="8 9;16 32;8 64" \
  timeout 460 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
