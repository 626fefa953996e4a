#!/usr/bin/env bash
# Run 109 call 1 (the first stop after stop 92), any card, named nvidia-h200: main with
# kFusedXOut merged and its band widened to 3000-5000 GB/s (stop 92), which no GPU has
# run as the plan's choice on an H200 yet.
#  1. group_fused_1gpu_test: it wants out_at_wait 1 on an H100 SXM and on an H200, and
#     flips it at B = 9, 16 (bitwise equal).
#  2. Issue 3's table: bench --repeat 2 (every acceptance batch, its floor and baseline;
#     the plan runs kFusedXOut at TP8 B = 9..16 on both cards).
#  3. tools/limits.sh at TP8 B = 9, 16 (where the 0.1 us (H200) or 0.35 us (H100) went).
#  4. With DEEPSEEK=1 (run109_call3.sh), the DeepSeek dims' table: bench --dims deepseek
#     --repeat 2.
#  5. As much of the one-GPU suite (tools/gpu_suite.sh) as the call's time leaves: the
#     call is taken to last CALL_SECONDS (560 unless set; a short budget sets less).
# Build here first: `bash perf/runs/run109_prepare.sh`.
# PACK (a full bundle's pack in bundle_pack/, unpacking to bundle/) and CELLS (the limits'
# cells) default to what call 1 ran; run115_call2.sh sets both.
#   carry: bundle_pack/run109s.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
tar xJf bundle_pack/${PACK:-run109s}.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
(cd bundle && timeout 120 ./group_fused_1gpu_test) > $top/group.txt 2>&1
echo "group_fused_1gpu_test exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "out_at_wait|passed|FAIL|want" $top/group.txt | head -12
(cd bundle && timeout 220 ./bench --repeat 2 --csv $top/bench.csv) > $top/bench.txt 2> $top/bench.err
echo "bench exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^ +(8|16) |plans" $top/bench.txt | tail -24
BUNDLE=bundle CELLS="${CELLS:-8 9;8 16}" timeout 90 tools/limits.sh $top/limits > $top/limits.txt 2>&1
echo "limits exit $? at $SECONDS s" | tee -a $top/head.txt
grep "^|" $top/limits.txt
if [ "${DEEPSEEK:-0}" = 1 ]; then
  (cd bundle && timeout 60 ./bench --dims deepseek --repeat 2 --csv $top/bench_deepseek.csv) \
    > $top/bench_deepseek.txt 2> /dev/null
  echo "bench deepseek exit $? at $SECONDS s" | tee -a $top/head.txt
  grep -E "^ +(8|16) +(9|16|64) " $top/bench_deepseek.txt
fi
left=$((${CALL_SECONDS:-560} - SECONDS))
if [ $left -gt 90 ]; then
  BUNDLE=bundle timeout $left tools/gpu_suite.sh $top/suite > /dev/null 2>&1
  echo "suite exit $? at $SECONDS s (given $left s)" | tee -a $top/head.txt
  tail -12 $top/suite/call.txt
fi
