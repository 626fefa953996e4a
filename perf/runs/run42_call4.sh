#!/usr/bin/env bash
# Run 42, call 4 (perf/RESULTS.md), nvidia-h200: where the tagged h's 2.4-4.5 us of "h
# landed" go (calls 2, 3). bundle_t3 (r42_stamps, a diagnostic on call 3's tagged h):
# consumer thread 0 stamps point 0 once it has counted through the grid barrier (an
# atomicAdd with a result, on the counters' line) and point 9 once its h reads are done;
# the producer's points 0 and 9 are dropped. bundle_t4 (r42_depart_late): the same, with
# the count-through moved after the CTA's pushes. Full traces of the last of 40 steps,
# then A/B and limits against main (bundle_m).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call4.tar.xz && cat bundle_m/COMMIT bundle_t3/COMMIT bundle_t4/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_t3 bundle_t4; do
  for shape in "16 9" "8 9"; do
    echo "== $b trace $shape"
    (cd $b && timeout 30 ./profile_step fused $shape 40 1 trace > $OUT/trace_${b}_${shape/ /_}.txt 2>&1)
    grep -E "per step|^phase|^[a-z]" $OUT/trace_${b}_${shape/ /_}.txt | grep -v "^CTA" | head -20
  done
done
MAIN=bundle_m CANDIDATES="bundle_t3 bundle_t4" BATCHES=9,16,32,64 \
  LIMIT_CELLS="8 9;16 9;16 32" \
  timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
