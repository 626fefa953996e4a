#!/usr/bin/env bash
# Run 36, call 14 (perf/RESULTS.md), nvidia-h200: perf/down_probe_gpu_test after the
# probe took the project's input generator and BF16 helpers (the commit in
# bundle_probe/COMMIT): its assertion (rel L2 <= 1e-5, every shape and form).
# carry: bundle_probe
source tools/gpu_env.sh "$OUT"
cat bundle_probe/COMMIT
timeout 120 bundle_probe/down_probe_gpu_test 32; echo "exit $?"
