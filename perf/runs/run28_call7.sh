#!/usr/bin/env bash
# Run 28, call 7 (perf/RESULTS.md): the whole validation of the early PDL trigger
# (device code of f68b92e) on nvidia-h200-x2, with run 27 call 12's commands (full
# bundle: tests on one and two GPUs, main job, bench --repeat 2, traces, compute-sanitizer
# on fused and split).
exec bash "$(dirname "$0")/run27_call12.sh"
