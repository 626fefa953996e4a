#!/usr/bin/env bash
# Run 26, call 5 (perf/RESULTS.md): the wgmma issue-rate probe; chains per N.
# bundle = main; bundle_lag1 = 4 chains (2 at N = 128), release written by slot
# arithmetic; bundle_lag1s = the same with 4 chains at N <= 16, 2 at N = 32, 1 above.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle*/COMMIT 2>/dev/null
echo "== wgmma_rate"
timeout 120 bundle_probe/wgmma_rate 2048
echo "== bundle_lag1s tests"
for t in group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test; do
  timeout 90 bundle_lag1s/$t > "$out/lag1s_$t.log" 2>&1; echo "$t exit $?"; tail -1 "$out/lag1s_$t.log"
done
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle bundle_lag1 bundle_lag1s \
  bundle bundle_lag1 bundle_lag1s
cd "$out" && tar czf logs.tgz *.log ab && rm -rf *.log ab && ls
