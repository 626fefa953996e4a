#!/usr/bin/env bash
# Run 113 call 1 (stop 99), named nvidia-h200, any card: main at 1bf763f (the run113s
# pack: stop 98's host fixes and tail re-read; run 109's fused kernels, PTX unchanged).
#  On an H200 first (about 90 s), what no call of runs 110-112 got:
#   1. the limits over every target cell, design and DeepSeek dims (run112_call5.sh's);
#   2. issue 3's table: bench --repeat 2 (every acceptance batch, floor and baseline).
#  On any card then: the whole one-GPU suite (tools/gpu_suite.sh, about 320-360 s), the
#  first at this commit (the last whole suite ran at 7f7fda2, run 112 call 3).
#   carry: bundle_pack/run113s.tar.xz (tools/bundle.sh bundle; tar cJf ... bundle)
set -u
source tools/gpu_env.sh "$OUT"
top=$out
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
rm -rf bundle && tar xJf bundle_pack/run113s.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
if nvidia-smi -L | grep -q H200; then
  CELLS=targets timeout 90 tools/limits.sh $top/l > $top/limits.txt 2>&1
  echo "limits exit $? at $SECONDS s" | tee -a $top/head.txt
  SHX_DIMS=deepseek CELLS="8 9;8 64;16 9;16 64" timeout 45 tools/limits.sh $top/lds \
    >> $top/limits.txt 2>&1
  echo "limits deepseek exit $? at $SECONDS s" | tee -a $top/head.txt
  (cd bundle && timeout 200 ./bench --repeat 2 --csv $top/bench.csv) > $top/bench.txt 2> $top/bench.err
  echo "bench exit $? at $SECONDS s" | tee -a $top/head.txt
  grep -E "^ +(8|16) |plans" $top/bench.txt | tail -24
  rm -rf $top/l $top/lds
else
  echo "run113_call1: not an H200; the suite only" | tee -a $top/head.txt
fi
left=$((575 - SECONDS))
TEST_TIMEOUT=200 timeout $left tools/gpu_suite.sh $top/suite > /dev/null 2>&1
echo "suite exit $? at $SECONDS s (given $left s)" | tee -a $top/head.txt
tail -10 $top/suite/call.txt
