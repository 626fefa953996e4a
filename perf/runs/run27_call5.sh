#!/usr/bin/env bash
# Run 27, call 5 (perf/RESULTS.md): Nsight Compute's stall samples per SASS instruction
# (the run-26 call-9 method) on 1feedc2 (bundle_head), to see what the down loop's
# ~0.2 us a fill is spent on once its data is in shared memory (call 4: it did not
# shrink when the per-fill barrier waits were removed).
BUNDLE=bundle_head exec bash "$(dirname "$0")/run26_call9.sh"
