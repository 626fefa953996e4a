#!/usr/bin/env bash
# Run 97 call 2 (stop 81): call 1 landed on an H100, which ran the tests and memcheck but
# not the A/B. This is that A/B on the same warm H100 (AB_CARD=H100): main (519f5fd),
# EXIT DRAIN (bundle_xd) and run 96's DRAIN AFTER TIMEOUT (bundle_dr) twice in one run. An
# H100 does not decide (run 94's lesson); it says whether the H200 should look.
# Bundles: bundle_pack/run97.tar.xz (bundle_m, bundle_xd), run96.tar.xz (bundle_dr).
#                                                                 carry: bundle_pack
{ date -u; nvidia-smi -L; } > $OUT/head.txt
tar xJf bundle_pack/run97.tar.xz
tar xJf bundle_pack/run96.tar.xz bundle_dr
MAIN=bundle_m CANDIDATES="bundle_xd bundle_dr" TESTS_OF= AB_CARD=H100 \
  BATCHES=9,16,17,24,25,32,64 timeout 400 tools/gpu_candidates.sh $OUT/c 2>&1 | tee $OUT/call.txt
