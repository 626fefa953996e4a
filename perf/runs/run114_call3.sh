#!/usr/bin/env bash
# Run 114 call 3 (stop 101), named nvidia-h200, any card, for about 300 s of command.
#  On an H200: perf/runs/prepared_run114_h200.sh with CALL_END 380 unless set (the A/B
#  that decides DOWN-ONLY AT THE STREAM'S END, with STREAM'S END EVERYWHERE, bundle_se,
#  and both forms' tests, about 320 s; the cut in what is left).
#  On an H100 (call 1 ran v2's tests, an A/B and the one-GPU suite on one):
#  run114_call4.sh's H100 branch, what merging v2 (bundle_sa2, r113_downonly_signal_v2 at
#  64019c8) would still need and another host's A/B: compute-sanitizer synccheck,
#  memcheck and racecheck of bundle_sa2's fused variant at TP8 B=16 (an H100's plan runs
#  kFusedXOut there, the instance v2 changes), then the A/B of main, sa and sa2 at B = 9,
#  16, 24 (two rounds), and bundle_se's first tests, about 250 s.
#   carry: bundle_pack/run113s.tar.xz bundle_pack/run113c.tar.xz
#          bundle_pack/run113e.tar.xz bundle_pack/run113f.tar.xz bundle_pack/run114se.tar.xz
set -u
here=$(dirname "$0")
if nvidia-smi -L | grep -q H200; then
  CALL_END=${CALL_END:-380} exec bash $here/prepared_run114_h200.sh
fi
exec bash $here/run114_call4.sh # its H100 branch: v2's sanitizers, then the A/B
