#!/usr/bin/env bash
# Run 97 call 4 (stop 81): the H200 A/B of EXIT DRAIN that calls 1-3 could not run (they
# landed on an H100): main (519f5fd), bundle_xd (r97_exit_drain fa524ec) and run 96's
# bundle_dr twice in one run, and limits at TP8 B = 9, 16; on an H200 only (AB_CARD). The
# tests and memcheck of bundle_xd passed in call 1.                carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run97.tar.xz
tar xJf bundle_pack/run96.tar.xz bundle_dr
MAIN=bundle_m CANDIDATES="bundle_xd bundle_dr" TESTS_OF= AB_CARD=H200 \
  BATCHES=9,16,17,24,25,32,64 LIMIT_CELLS="8 9;8 16" timeout 280 tools/gpu_candidates.sh \
  $OUT/c 2>&1 | tee $OUT/call.txt | tail -8
