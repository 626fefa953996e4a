#!/usr/bin/env bash
# Run 30, call 6 (perf/RESULTS.md): the down blocks that the ring cannot hold before the
# grid barrier (TP8: 2, 4 or 5 of 12 at N = 16, 32, 128) asked into L2 before the
# barrier, so that their loads after it hit L2 (the TP8 B=9 down loop takes 1.9 us after
# the barrier, its last two fills loaded then): l2a (branch r30_late_l2) once the early
# down loads are issued, l2b (r30_late_l2_first) before them; against main (15e8e5c).
# Run 24 measured a form of this on a slower kernel (within the spread).
set -u
MAIN=bundle_main CANDIDATES="bundle_l2a bundle_l2b" BATCHES=9,16,32,64,128 TRACES="8 9" \
  DEEPSEEK_BATCHES=9,64 tools/gpu_candidates.sh "$OUT" 2>&1 | grep -v "^$"
