#!/usr/bin/env bash
# Run 100 call 3 (stop 84), any card: EXIT DRAIN X (r100_exit_drain_x b3e9741: EXIT DRAIN
# in kFusedX only, the instance it sped up on three H100s; every other instance's PTX as
# main's) against main and EXIT DRAIN (all instances): bundle_xx's fused, split, mailbox and
# watchdog tests, then the A/B twice in one run and limits at TP8 B = 9, 16.
# Build (here): tools/bundle.sh bundle_xx ab on r100_exit_drain_x; tar cJf
# bundle_pack/run100x.tar.xz bundle_xx; run99.tar.xz (bundle_m, bundle_xd) as
# perf/runs/run99_call1.sh says.                                   carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run99.tar.xz && tar xJf bundle_pack/run100x.tar.xz
MAIN=bundle_m CANDIDATES="bundle_xd bundle_xx" TESTS_OF=bundle_xx EXTRA_TESTS=watchdog_gpu_test \
  BATCHES=9,16,17,24,25,32,64 LIMIT_CELLS="8 9;8 16" timeout 500 \
  tools/gpu_candidates.sh $OUT/c 2>&1 | tee $OUT/call.txt | tail -12
echo "done after $SECONDS s" | tee -a $OUT/call.txt
