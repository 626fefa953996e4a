#!/usr/bin/env bash
# Run 39, call 3 (perf/RESULTS.md), nvidia-h200: main (bundle_x) against bundle_sus1m
# (r39_suspend: every ring and exchange wait's try_wait with a 1 ms suspend-time hint),
# bundle_sus1u (the same, 1 us) and bundle_guard (r39_guard: the alignment guard as one
# helper, hygiene): their 1-GPU tests, the A/B twice at both dims, limits at two cells.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run39_call3.tar.xz
for b in bundle_x bundle_sus1m bundle_sus1u bundle_guard; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_x CANDIDATES="bundle_sus1m bundle_sus1u bundle_guard" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="16 9;8 9" \
  timeout 500 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
echo "all done after $SECONDS s"
