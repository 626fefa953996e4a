#!/usr/bin/env bash
# Run 113 call 5 (stop 99), named nvidia-h200.
#  On an H200: run113_call4.sh (the limits over every target cell and issue 3's table,
#  then DOWN-ONLY AFTER THE WAIT's three builds against main), about 310 s.
#  On another card: the one build that was faster on an H100 (call 4: bundle_d5000,
#  kFusedXOut's down-only loads 5000 ns after the wait) against main again, three rounds
#  at B = 9, 16 and 24 (24 a control: kFusedLate, whose PTX differs only in the down-only
#  path), limits at TP8 B = 9; no tests (call 4 ran them). About 90 s.
#   carry: bundle_pack/run113s.tar.xz bundle_pack/run113c.tar.xz
set -u
top=$(cd "$OUT" && pwd)
if nvidia-smi -L | grep -q H200; then
  exec bash "$(dirname "$0")/run113_call4.sh"
fi
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
tar xJf bundle_pack/run113c.tar.xz
cat bundle_main/COMMIT bundle_d5000/COMMIT | tee -a $top/head.txt
source tools/gpu_env.sh "$top"
BATCHES=9,16,24 tools/gpu_ab.sh $top/ab bundle_main bundle_d5000 bundle_main bundle_d5000 \
  bundle_main bundle_d5000 > $top/ab.txt 2>&1
echo "ab exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/ab.txt
for b in bundle_main bundle_d5000; do
  BUNDLE=$b CELLS="8 9" timeout 60 tools/limits.sh $top/l_$b 2>&1 | grep "^| 8 "
  rm -rf $top/l_$b
done
(cd $top && tar czf ab.tgz ab && rm -rf ab)
