#!/usr/bin/env bash
# Run 108 call 4 (stop 92): run108_call3.sh on an H100 (named nvidia-h100-x1), where the
# plan runs kFusedXOut at TP8 B = 9, 16: its tests, watchdog test and sanitizers through
# the new instance, the A/B against main, and `bench --out-at-wait` with B=24 added as a
# control (N = 24 runs kFusedLate whatever out_at_wait says, so its off/on difference is
# the bench's own bias between the two settings' rounds; on the H200 of call 3 it was
# 0.03-0.09 us). Same carry as call 3.
OAW_BATCHES=9,16,24,64 exec bash "$(dirname "$0")/run108_call3.sh"
