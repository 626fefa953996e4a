#!/usr/bin/env bash
# Run 110 call 2 (stop 96): DOWN RING ONLY at N = 40..64, the bound on a resident down tile
# where the design TP8 runs two CTAs an SM (rings of 7 and 6 stages, 5 or 6 of a CTA's 12
# down blocks loaded after the grid barrier; run 110 call 1: the down loop 2.47-2.75 us on
# an H100, the largest part of those steps). bundle_drn (branch r110_drn, 8e02983, a
# diagnostic with wrong outputs, so no tests): kFused at N = 40..64 at two CTAs an SM
# stops its down job at the ring's blocks and triggers early, the dropped blocks still
# asked into L2. Against main (the run109s pack's bundle, 5bbe9e9's kernels): the bench
# table twice at B = 9 (a control: TP8 N = 16 is kFusedXOut, untouched) and B = 40..64,
# and limits at TP8 B = 40, 64. On any card; the card is in head.txt.
#   carry: bundle_pack/run109s.tar.xz bundle_pack/run110d.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
tar xJf bundle_pack/run109s.tar.xz && tar xJf bundle_pack/run110d.tar.xz
cat bundle/COMMIT bundle_drn/COMMIT | tee -a $top/head.txt
MAIN=bundle CANDIDATES=bundle_drn TESTS_OF= BATCHES=9,40,48,56,64 LIMIT_CELLS="8 40;8 64" \
  timeout 400 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt  # the limits rows
