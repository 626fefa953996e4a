#!/usr/bin/env bash
# Run 30, call 8 (perf/RESULTS.md): the first gate/up refills asked into L2 before the
# dependency wait (at TP8 fill 10 waits about 0.8 us for its refill): pf4 (branch
# r30_refill_l2: 4 blocks, only where the grid triggers its dependents after the grid
# barrier, i.e. while the predecessor's down loop runs from shared memory and L2), pf8 (8
# blocks), pfall (4 blocks in every grid, the early-triggering ones too); against main
# (bundle = ad6d403, with the late down blocks' prefetch of call 6).
set -u
MAIN=bundle CANDIDATES="bundle_pf4 bundle_pf8 bundle_pfall" BATCHES=9,16,32,64,128 \
  TRACES="8 9" DEEPSEEK_BATCHES=9,64 tools/gpu_candidates.sh "$OUT" 2>&1 | grep -v "^$"
