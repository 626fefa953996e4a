#!/usr/bin/env bash
# Run 42, call 6 (perf/RESULTS.md), nvidia-h200: is the tagged h's 1.6-2.5 us read (call
# 4's stamps) the owners' relaxed stores becoming visible late (rounds of stale tags), or
# the read path itself? bundle_t5 (r42_tagged_released, a diagnostic): call 4's bundle_t3
# with the grid barrier released again (red.release.gpu, ld.acquire.gpu), so the tags
# match on the first read. Traces of t3 and t5, then a short A/B with main.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call6.tar.xz && cat bundle_m/COMMIT bundle_t3/COMMIT bundle_t5/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_t3 bundle_t5; do
  for shape in "16 9" "8 9" "16 32"; do
    echo "== $b trace $shape"
    (cd $b && timeout 30 ./profile_step fused $shape 40 1 trace > $OUT/trace_${b}_${shape/ /_}.txt 2>&1)
    grep -E "per step|^phase|^[a-z]" $OUT/trace_${b}_${shape/ /_}.txt | grep -v "^CTA" | head -20
  done
done
BATCHES=9,16,32,64 tools/gpu_ab.sh $OUT/ab bundle_m bundle_t5 > $OUT/ab.txt 2>&1
cat $OUT/ab.txt
echo "all done after $SECONDS s"
