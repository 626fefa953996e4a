#!/usr/bin/env bash
# Run 27, call 14 (perf/RESULTS.md): the whole validation of 866fc2c (device code of
# 079e983 + two down chains at N <= 16, call 13) on nvidia-h200-x2, with call 12's
# commands (full bundle: tests on one and two GPUs, main job, bench --repeat 2, traces,
# compute-sanitizer on fused and split).
exec bash "$(dirname "$0")/run27_call12.sh"
