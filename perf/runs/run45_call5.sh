#!/usr/bin/env bash
# Run 45, call 5 (perf/RESULTS.md), nvidia-h200: where the grid triggers early, the refill
# prefetch into L2 after the dependency wait instead of before it, so that the
# predecessor's completion (which waits for the traffic in flight, run 44) does not wait
# for it: pa (r45_prefetch_after: right after the wait) and pb (r45_prefetch_after_x:
# after the x loads) against main with call 4's kernel (bundle_n). Tests, the A/B twice
# at both dims, limits at TP16 B = 9, 32.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run45_call5.tar.xz
for b in bundle_n bundle_pa bundle_pb; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_n CANDIDATES="bundle_pa bundle_pb" BATCHES=1,9,16,32 \
  DEEPSEEK_BATCHES=9,32 LIMIT_CELLS="16 9;16 32" timeout 500 tools/gpu_candidates.sh \
  $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
