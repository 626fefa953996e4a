#!/usr/bin/env bash
# Run 26, call 8 (perf/RESULTS.md): the owners' parameters loaded into registers before
# the gate/up loop. bundle = fa33c59 (run 26's kernel); bundle_hoist = + that change.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle*/COMMIT
echo "== bundle_hoist tests"
for t in group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test; do
  timeout 90 bundle_hoist/$t > "$out/hoist_$t.log" 2>&1; echo "$t exit $?"; tail -1 "$out/hoist_$t.log"
done
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle bundle_hoist \
  bundle bundle_hoist
echo "== traces (40 steps, the last one)"
for b in bundle bundle_hoist; do
  for cfg in "8 9" "16 9"; do
    echo "-- $b $cfg"
    (cd $b && timeout 30 ./profile_step fused $cfg 40 1 trace 2>&1 | head -13)
  done
done
cd "$out" && tar czf logs.tgz *.log ab && rm -rf *.log ab && ls
