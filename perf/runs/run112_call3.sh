#!/usr/bin/env bash
# Run 112 call 3 (stop 98): the whole one-GPU suite on this stop's main (the run112s pack,
# 7f7fda2: run 112 call 2's host changes, the kernels' PTX unchanged), about 400 s; then,
# on an H200 only, the limits over every target cell (run112_call1.sh's sweep, about
# 25 s), the acceptance card's cut that no call of runs 110-112 got.
#   carry: bundle_pack/run112s.tar.xz
set -u
top=$(cd "$OUT" && pwd)
PACK=bundle_pack/run112s.tar.xz TEST_TIMEOUT=200 timeout 480 tools/gpu_suite.sh $top/suite
echo "suite exit $? at $SECONDS s" | tee $top/head.txt
tail -8 $top/suite/call.txt
if ! nvidia-smi -L | grep -q H200; then
  echo "run112_call3: not an H200; no limits" | tee -a $top/head.txt
  exit 0
fi
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
design="8 9;8 13;8 16;8 24;8 32;8 40;8 48;8 56;8 64;8 128"
design="$design;16 9;16 13;16 16;16 24;16 32;16 40;16 48;16 56;16 64;16 128"
CELLS="$design" timeout 60 tools/limits.sh $top/l > $top/limits.txt 2>&1
echo "limits exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/limits.txt
SHX_DIMS=deepseek CELLS="8 9;8 64;16 9;16 64" timeout 30 tools/limits.sh $top/lds \
  > $top/limits_deepseek.txt 2>&1
echo "limits deepseek exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/limits_deepseek.txt
rm -rf $top/l $top/lds
