#!/usr/bin/env bash
# Run 40, call 4 (perf/RESULTS.md), nvidia-h200: main (bundle_m) against one TMA copy a
# weight tile (the producer is one thread; run 39 call 7 saw its copies go out about
# 0.065 us apart and TP8's refills paced by their issue): bundle_c (r40_one_copy: the
# gate/up map 3D, [gate, up][I][H] with a [2][32][64] box; the down map's box 64 rows)
# and bundle_u (r40_one_copy_gu: the gate/up copy only). Tests, A/B, limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run40_call4.tar.xz && cat bundle_m/COMMIT bundle_c/COMMIT bundle_u/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_c bundle_u" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="8 9;16 9;8 32" \
  timeout 440 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
