#!/usr/bin/env bash
# Run 114 call 1 (stop 100), named nvidia-h200, any card.
#  On an H200: perf/runs/prepared_run114_h200.sh (the A/B that decides DOWN-ONLY AT THE
#  STREAM'S END, v2's tests, then the H200 cut of every target cell), about 570 s.
#  On an H100: the whole one-GPU suite at de033fb (pack run114s), the first GPU run of
#  group_gpu_test's scratch check (every op-scratch word zero after each case).
#   carry: bundle_pack/run113s.tar.xz bundle_pack/run113c.tar.xz
#          bundle_pack/run113e.tar.xz bundle_pack/run113f.tar.xz bundle_pack/run114s.tar.xz
#   (run114s: tools/bundle.sh bundle at de033fb; tar cJf bundle_pack/run114s.tar.xz bundle)
set -u
here=$(dirname "$0")
if nvidia-smi -L | grep -q H200; then
  exec bash $here/prepared_run114_h200.sh
fi
mkdir -p $OUT/suite
{ date -u; nvidia-smi -L; echo "run114_call1: not an H200; the suite at run114s"; } 2>&1 \
  | tee $OUT/head.txt
PACK=bundle_pack/run114s.tar.xz TEST_TIMEOUT=200 timeout 560 tools/gpu_suite.sh $OUT/suite \
  > /dev/null 2>&1
echo "suite exit $? at $SECONDS s" | tee -a $OUT/head.txt
tail -12 $OUT/suite/call.txt
