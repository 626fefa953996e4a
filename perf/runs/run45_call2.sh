#!/usr/bin/env bash
# Run 45, call 2 (perf/RESULTS.md), nvidia-h200: call 1's paired fills did not shorten
# the gate/up loop; their N = 32 gain came with a later next-grid ring (the gap longer,
# the tail shorter). This tests the delay alone: d300, d600, d1000 (r45_ring_delay: at
# N = 24..32, in CTAs of at most 16 gate/up blocks, the producer spins that many ns on
# the global timer before its first ring) against main (bundle_m) and mp (call 1's).
# Tests, the A/B twice, limits at TP16 B=32.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run45_call2.tar.xz
for b in bundle_m bundle_mp bundle_d300 bundle_d600 bundle_d1000; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_mp bundle_d300 bundle_d600 bundle_d1000" BATCHES=9,24,32 \
  DEEPSEEK_BATCHES=24,32 LIMIT_CELLS="16 32" timeout 500 tools/gpu_candidates.sh \
  $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
