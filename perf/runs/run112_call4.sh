#!/usr/bin/env bash
# Run 112 call 4 (stop 98): the limits over every target cell, on an H200 only (calls 1-3
# got H100s). On any other card it stops after naming it (a few seconds). The kernels are
# main's (the run112s pack, 7f7fda2; their PTX is run 109's).
#   carry: bundle_pack/run112s.tar.xz
set -u
source tools/gpu_env.sh "$OUT"
top=$out
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if ! nvidia-smi -L | grep -q H200; then
  echo "run112_call4: not an H200; stopped" | tee -a $top/head.txt
  exit 0
fi
tar xJf bundle_pack/run112s.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
design="8 9;8 13;8 16;8 24;8 32;8 40;8 48;8 56;8 64;8 128"
design="$design;16 9;16 13;16 16;16 24;16 32;16 40;16 48;16 56;16 64;16 128"
CELLS="$design" timeout 120 tools/limits.sh $top/l > $top/limits.txt 2>&1
echo "limits exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/limits.txt
SHX_DIMS=deepseek CELLS="8 9;8 64;16 9;16 64" timeout 60 tools/limits.sh $top/lds \
  > $top/limits_deepseek.txt 2>&1
echo "limits deepseek exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/limits_deepseek.txt
rm -rf $top/l $top/lds
