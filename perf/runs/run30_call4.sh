#!/usr/bin/env bash
# Run 30, call 4 (perf/RESULTS.md): perf/wgmma_rate with two new modes: 4, the fused
# kernel's K loop as it is (look-ahead test_wait, one block per wgmma-group), and 5, the
# same loop over pairs of blocks (both barriers tested ahead, eight MMAs in one group,
# both earlier blocks released): does a handshake round per two one-block stages cost
# less per block, with resident operands?
set -u
source tools/gpu_env.sh "$OUT"
timeout 120 bundle_rate/wgmma_rate 4096 | tee "$out/wgmma_rate.txt"
