#!/usr/bin/env bash
# Run 94's second device command (stop 78). On an H200 first run94_call1.sh (main's OWN
# PREFETCH against the kernels before it, the W/delay sweep, fill stamps; its first
# command ran on an H100). Then OWN PREFETCH AFTER X (branch r94_own_prefetch_after_x):
# OWN PREFETCH ALL (run94_call2.sh) was 1.1-1.75 us slower at TP8 B = 32..128 because in
# kFused the producer's x copies come after the prefetch's spin (x landed 1.25 -> 2.30 us
# at B=32), yet 0.12 us faster at B=1. Here the kFused CTAs of more than 16 gate/up blocks
# (TP8 at N != 16) ask L2 for 8 refills 1024 (bundle_opx1024) or 2048 (bundle_opx2048) SM
# cycles after their x copies; kFusedX's and kGate's PTX unchanged. Tests of both, two
# rounds against main (bundle_now) at B = 1, 8, 9 (control), 24, 32, 48, 64, 128, limits
# at TP8 B = 1, 32, 64.
# Build (here): on the branch `tools/bundle.sh bundle_opx1024 ab`, then with the define
#   at 2048 `tools/bundle.sh bundle_opx2048 ab`; then
#   tar cJf bundle_pack_r94/run94c.tar.xz bundle_now bundle_opx1024 bundle_opx2048
#                                                                 carry: bundle_pack_r94
if nvidia-smi -L | grep -q H200; then bash perf/runs/run94_call1.sh; fi
{ date -u; tar xJf bundle_pack_r94/run94c.tar.xz
  for b in bundle_now bundle_opx1024 bundle_opx2048; do echo "$b: $(cat $b/COMMIT)"; done
  nvidia-smi -L; } 2>&1 | tee $OUT/call3.txt
MAIN=bundle_now CANDIDATES="bundle_opx1024 bundle_opx2048" BATCHES=1,8,9,24,32,48,64,128 \
  LIMIT_CELLS="8 1;8 32;8 64" timeout 420 tools/gpu_candidates.sh $OUT/c3 2>&1 | tee -a $OUT/call3.txt
echo "call 3 done after $SECONDS s" | tee -a $OUT/call3.txt
