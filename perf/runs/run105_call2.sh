#!/usr/bin/env bash
# Run 105 call 2 (stop 87), an H200 only (exits at once elsewhere): run 105 call 1's
# H200-only part, which found an H100. `bench --dims deepseek --table-only --repeat 2` of
# main at 11f4caa (the DeepSeek cells with the steps fitted to the sets: 48 at TP8, 46 at
# TP16; run 102 call 5 timed 40, so up to 4 steps could hit L2 at TP8), then
# perf/runs/prepared_run105_issuer_stamps.sh (FILL STAMPS of main and ISSUER X).
# Build: as run105_call1.sh.  carry: bundle_pack/run105h.tar.xz bundle_pack/run105_stamps.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if ! nvidia-smi -L | grep -q H200; then echo "not an H200: nothing run"; exit 0; fi
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
rm -rf bundle && tar xJf bundle_pack/run105h.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
(cd bundle && timeout 150 ./bench --dims deepseek --table-only --repeat 2 \
  --csv $top/bench_deepseek.csv) > $top/bench_deepseek.txt 2>&1
echo "bench deepseek exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/bench_deepseek.txt
mkdir -p $top/stamps
OUT=$top/stamps timeout 150 bash perf/runs/prepared_run105_issuer_stamps.sh > $top/stamps.txt 2>&1
echo "stamps exit $? at $SECONDS s" | tee -a $top/head.txt
tail -60 $top/stamps.txt
