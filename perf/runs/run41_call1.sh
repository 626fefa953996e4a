#!/usr/bin/env bash
# Run 41, call 1 (perf/RESULTS.md), nvidia-h200: main (bundle_m, 974d6e0) against a
# second consumer warpgroup taking the odd fills of the gate/up loop (288 threads; the
# second group's FP32 partial added by the first through 4-8 KB of shared memory, no ring
# stage lost): bundle_g2 (r41_g2: at N = 16) and bundle_g2w (r41_g2w: at N = 16..32).
# Premise: TP16's gate/up loop now runs at the consumers' handshake pace (about 0.13 us a
# fill), and perf/wgmma_rate measured two warpgroups per SM at 267.5 cycles a block each
# against 228 for one (run 39 call 1): their handshakes overlap. Tests, A/B, limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call1.tar.xz && cat bundle_m/COMMIT bundle_g2/COMMIT bundle_g2w/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_g2 bundle_g2w" BATCHES=9,16,24,32,64 \
  DEEPSEEK_BATCHES=9,32 LIMIT_CELLS="16 9;8 9;16 32" \
  timeout 460 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
