#!/usr/bin/env bash
# Run 97 call 3 (stop 81): where EXIT DRAIN's 0.34 us at TP8 B = 9, 16 on the H100 of call 2
# comes from: main and bundle_xd once more (B = 9, 16, 24) and tools/limits.sh at TP8 B = 9,
# 16 and TP16 B = 9, on the same warm H100.                       carry: bundle_pack
{ date -u; nvidia-smi -L; } > $OUT/head.txt
tar xJf bundle_pack/run97.tar.xz
MAIN=bundle_m CANDIDATES="bundle_xd" TESTS_OF= AB_CARD=H100 BATCHES=9,16,24 \
  LIMIT_CELLS="8 9;8 16;16 9" timeout 250 tools/gpu_candidates.sh $OUT/c 2>&1 | tee $OUT/call.txt | tail -12
