#!/usr/bin/env bash
# Run 46, call 4 (perf/RESULTS.md), nvidia-h200: call 3's CONSUMER X (k, r46_consumer_x_ship)
# was 0.15 us slower at TP16 B = 1..16, where the fused N = 16 instance does not take the
# new path (x landed 0.34 -> 0.68 us). s1 (r46_s1): the loads out of line (__noinline__);
# s2 (r46_s2): s1 with the x pointer, batch and H read after the wait where they are used,
# not before it. Against main (bundle_n, a30f46f) and k.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run46_call4.tar.xz
for b in bundle_n bundle_k bundle_s1 bundle_s2; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_n CANDIDATES="bundle_k bundle_s1 bundle_s2" BATCHES=1,9,16,32 \
  DEEPSEEK_BATCHES=9,16 LIMIT_CELLS="16 9;8 9" timeout 540 tools/gpu_candidates.sh \
  $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
