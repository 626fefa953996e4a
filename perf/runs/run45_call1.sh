#!/usr/bin/env bash
# Run 45, call 1 (perf/RESULTS.md), nvidia-h200: mp (r45_mid_pairs: where the grid
# triggers early at N <= 32 and the CTA has gate/up refills, the fills whose stages are
# refilled go first as singles, the resident rest of the first ring in pairs (one full
# barrier, one wgmma-group of eight MMAs, one handshake a pair), then the refills as
# singles; one wgmma-group in flight across the parts) and ma (r45_mid_pairs_all: the
# same also where the CTA has no refills) against main (bundle_m). Tests, the A/B twice
# at both dims, limits at TP16 B = 9, 32.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run45_call1.tar.xz && cat bundle_m/COMMIT bundle_mp/COMMIT bundle_ma/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_mp bundle_ma" BATCHES=1,9,16,24,32,64 \
  DEEPSEEK_BATCHES=1,9,32 LIMIT_CELLS="16 9;16 32" timeout 500 tools/gpu_candidates.sh \
  $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
