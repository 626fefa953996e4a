#!/usr/bin/env bash
# Run 112 call 1 (stop 98): run 110 call 1 again, for the card the acceptance names.
# Issue 3 asks, for every missed target, by how much and what limits it, measured, on an
# H200. Run 110 call 1 cut every target cell's step into its phases, but on an H100 (no
# H200 came); the H200's cuts are run 102's four cells and run 109 call 3's TP8 B=9.
# tools/limits.sh over every row of the bench's target range (B = 9..64) and B = 128 at
# both tps at the design dims, then the DeepSeek dims at B = 9, 64: about 25 s. The kernels
# are main's (the run109s pack, built at 5bbe9e9; main has changed no kernel since). On any
# card (head.txt names it); only an H200's table answers the question.
#   carry: bundle_pack/run109s.tar.xz (rebuild it with perf/runs/run109_prepare.sh)
set -u
source tools/gpu_env.sh "$OUT"
top=$out
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
tar xJf bundle_pack/run109s.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
design="8 9;8 13;8 16;8 24;8 32;8 40;8 48;8 56;8 64;8 128"
design="$design;16 9;16 13;16 16;16 24;16 32;16 40;16 48;16 56;16 64;16 128"
CELLS="$design" timeout 420 tools/limits.sh $top/l > $top/limits.txt 2>&1
echo "limits exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/limits.txt
SHX_DIMS=deepseek CELLS="8 9;8 64;16 9;16 64" timeout 100 tools/limits.sh $top/lds \
  > $top/limits_deepseek.txt 2>&1
echo "limits deepseek exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/limits_deepseek.txt
rm -rf $top/l $top/lds
