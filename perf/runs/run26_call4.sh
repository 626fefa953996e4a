#!/usr/bin/env bash
# Run 26, call 4 (perf/RESULTS.md): more wgmma-groups in flight with the 4 chains.
# bundle = main; bundle_ch = 4 chains, 1 group in flight (call 3); bundle_lag1/2/3 = the
# generalized release (fill f released once at most 1/2/3 later groups are pending);
# bundle_lag2bt = lag2 with the block trace and 4 more stamps inside the exchange.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle*/COMMIT
for b in bundle_lag1 bundle_lag2 bundle_lag3; do
  echo "== $b tests"
  for t in group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test; do
    timeout 90 $b/$t > "$out/${b}_$t.log" 2>&1; echo "$t exit $?"; tail -1 "$out/${b}_$t.log"
  done
done
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle bundle_ch \
  bundle_lag1 bundle_lag2 bundle_lag3
echo "== repeat"
BATCHES=9,16,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab2" bundle bundle_lag2 bundle_lag3 \
  bundle bundle_lag2 bundle_lag3
echo "== traces"
for cfg in "8 9" "16 9" "8 64"; do
  f="$out/trace_lag2bt_${cfg// /_}.txt"
  (cd bundle_lag2bt && timeout 30 ./profile_step fused $cfg 40 1 trace > "$f" 2>&1)
  echo "lag2bt $cfg exit $?"; head -1 "$f"
done
cd "$out" && tar czf logs.tgz *.log *.txt ab ab2 && rm -rf *.log *.txt ab ab2 && ls
