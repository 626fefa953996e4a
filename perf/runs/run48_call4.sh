#!/usr/bin/env bash
# Run 48, call 4 (perf/RESULTS.md), nvidia-h200: less code in kFusedX's chain. Call 2 found
# 5.1 KB of never-taken code costing TP8 B = 9..16 0.38-0.47 us; kFusedX's SASS (call 3)
# holds the owners' reduction for clusters of 2, 4 and 8 (each with SiTU and SwiGLU,
# about 10.7 KB) between the exchange and the h release, and an unrolled refill-prefetch
# loop its CTAs never take. x4 (r48_x4): kFusedX with the cluster-4 reduction only
# (takes_consumer_x requires clusters of 4) and without that loop: 47.5 -> 35.8 KB.
# x4s (r48_x4s): SiTU only as well (34.9 KB). x4nt (r48_x4nt): x4 with call 3's notrace
# (32.5 KB; every instance without stamps). Against main (bundle_m, 4e902ee); limits of
# main and x4 at TP8 B = 9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run48_call4.tar.xz
for b in bundle_m bundle_x4 bundle_x4s bundle_x4nt; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_x4 bundle_x4s bundle_x4nt" BATCHES=9,12,16,32 \
  timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
for b in bundle_m bundle_x4; do
  echo "== limits $b"
  BUNDLE=$b CELLS="8 9;8 16" timeout 60 tools/limits.sh /tmp/l_$b | grep "^| 8 "
done
echo "all done after $SECONDS s"
