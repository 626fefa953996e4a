#!/usr/bin/env bash
# Run 42, call 8 (perf/RESULTS.md), nvidia-h200: bundle_t6 (r42_read_fast, on call 4's
# t4: the count-through after the pushes, the diagnostic stamps): the tagged h's read
# path with its addresses in registers once and the relaxed loads without a memory
# clobber (call 7's SASS: every load followed by shared-memory reloads of the scalars
# and block_of's loop). Traces (point 0 = reads start, 9 = thread 0's reads done), tests,
# A/B and limits against main.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call8.tar.xz && cat bundle_m/COMMIT bundle_t6/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for shape in "16 9" "8 9" "16 32"; do
  echo "== bundle_t6 trace $shape"
  (cd bundle_t6 && timeout 30 ./profile_step fused $shape 40 1 trace > $OUT/trace_t6_${shape/ /_}.txt 2>&1)
  grep -E "per step|^phase|^[a-z]" $OUT/trace_t6_${shape/ /_}.txt | grep -v "^CTA" | head -20
done
MAIN=bundle_m CANDIDATES="bundle_t6" BATCHES=9,16,32,64 \
  LIMIT_CELLS="8 9;16 9;16 32" \
  timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
