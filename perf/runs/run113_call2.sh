#!/usr/bin/env bash
# Run 113 call 2 (stop 99), named nvidia-h200: on an H200 only (on any other card it
# stops after naming it, about 0.3 s), the H200 cut that runs 110-113 never got:
#   1. the limits over every target cell (CELLS=targets: TP8 and TP16, B = 9..64 and
#      128) and the DeepSeek dims at B = 9, 64 (run112_call5.sh's sweep), about 35 s;
#   2. issue 3's table again: bench --repeat 2, about 40 s.
# The kernels are main's at 1bf763f (the run113s pack; run 109's fused kernels).
#   carry: bundle_pack/run113s.tar.xz
set -u
source tools/gpu_env.sh "$OUT"
top=$out
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if ! nvidia-smi -L | grep -q H200; then
  echo "run113_call2: not an H200; stopped" | tee -a $top/head.txt
  exit 0
fi
rm -rf bundle && tar xJf bundle_pack/run113s.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
CELLS=targets timeout 120 tools/limits.sh $top/l > $top/limits.txt 2>&1
echo "limits exit $? at $SECONDS s" | tee -a $top/head.txt
SHX_DIMS=deepseek CELLS="8 9;8 64;16 9;16 64" timeout 60 tools/limits.sh $top/lds \
  > $top/limits_deepseek.txt 2>&1
echo "limits deepseek exit $? at $SECONDS s" | tee -a $top/head.txt
(cd bundle && timeout 200 ./bench --repeat 2 --csv $top/bench.csv) > $top/bench.txt 2> $top/bench.err
echo "bench exit $? at $SECONDS s" | tee -a $top/head.txt
grep "^|" $top/limits.txt $top/limits_deepseek.txt | head -40
grep -E "^ +(8|16) |plans" $top/bench.txt | tail -24
rm -rf $top/l $top/lds
