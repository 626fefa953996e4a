#!/usr/bin/env bash
# Run 112 call 5 (stop 98): run112_call4.sh again (the limits over every target cell, on an
# H200 only; on any other card it stops after naming it), its sweep now
# `CELLS=targets tools/limits.sh`. The kernels are main's (the run112s pack, 7f7fda2).
#   carry: bundle_pack/run112s.tar.xz
set -u
source tools/gpu_env.sh "$OUT"
top=$out
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if ! nvidia-smi -L | grep -q H200; then
  echo "run112_call5: not an H200; stopped" | tee -a $top/head.txt
  exit 0
fi
tar xJf bundle_pack/run112s.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
CELLS=targets timeout 120 tools/limits.sh $top/l > $top/limits.txt 2>&1
echo "limits exit $? at $SECONDS s" | tee -a $top/head.txt
SHX_DIMS=deepseek CELLS="8 9;8 64;16 9;16 64" timeout 60 tools/limits.sh $top/lds \
  > $top/limits_deepseek.txt 2>&1
echo "limits deepseek exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/limits.txt $top/limits_deepseek.txt
rm -rf $top/l $top/lds
