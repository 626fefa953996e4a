#!/usr/bin/env bash
# Run 27, call 3 (perf/RESULTS.md): perf/wgmma_rate with the ring's mbarrier handshakes
# (modes 2, 3): what a fill's try_wait and release cost beside its four wgmma.
set -u
source tools/gpu_env.sh "$OUT"
timeout 120 bundle_probe/wgmma_rate 4096 | tee "$out/wgmma_rate.txt"
