#!/usr/bin/env bash
# Run 105 call 1 (stop 87), any card: the one-GPU suite of main at 11f4caa (every GPU test
# and the main job; the host changes of stop 86's continuation had run on no GPU:
# oproj_step_gpu_test's final form, api_gpu_test's over-128 and refusal cases, the timing's
# steps fitted to the sets, shx_group_capture's and shx_group_time_steps' changes, the
# RUNPATH to the toolkit). First, on an H200 only:
#  - `bench --dims deepseek --table-only --repeat 2`: the DeepSeek cells with the fitted
#    step count (48 steps at TP8, 46 at TP16), against run 102 call 5's 40;
#  - perf/runs/prepared_run105_issuer_stamps.sh (FILL STAMPS of main and ISSUER X).
# Build: tools/bundle.sh bundle; tar cJf bundle_pack/run105h.tar.xz bundle.
#             carry: bundle_pack/run105h.tar.xz bundle_pack/run105_stamps.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head0.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
if nvidia-smi -L | grep -q H200; then
  rm -rf bundle && tar xJf bundle_pack/run105h.tar.xz && cat bundle/COMMIT | tee -a $top/head0.txt
  (cd bundle && timeout 120 ./bench --dims deepseek --table-only --repeat 2 \
    --csv $top/bench_deepseek.csv) > $top/bench_deepseek.txt 2>&1
  echo "bench deepseek exit $? at $SECONDS s" | tee -a $top/head0.txt
  mkdir -p $top/stamps
  OUT=$top/stamps timeout 120 bash perf/runs/prepared_run105_issuer_stamps.sh > /dev/null 2>&1
  echo "stamps exit $? at $SECONDS s" | tee -a $top/head0.txt
fi
PACK=bundle_pack/run105h.tar.xz timeout $((590 - SECONDS)) tools/gpu_suite.sh $top/suite
echo "suite exit $? at $SECONDS s" | tee -a $top/head0.txt
tail -8 $top/suite/call.txt
