#!/usr/bin/env bash
# Run 110 call 1 (stop 96): what limits every target cell with today's kernels. The docs'
# cell-by-cell table ("What limits each cell") is run 32's, and the README's limits are
# TP8 and TP16 at B = 9 only; issue 3 asks, for every missed target, by how much and what
# limits it, measured. tools/limits.sh over every row of the bench's target range (B =
# 9..64) and B = 128, at both tps, at the design dims, then at the DeepSeek dims at B = 9,
# 64. The kernels are main's (the run109s pack, built at 5bbe9e9; main since changed host
# validation and words only). On any card; the card is in head.txt.
#   carry: bundle_pack/run109s.tar.xz (perf/runs/run109_prepare.sh)
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
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
