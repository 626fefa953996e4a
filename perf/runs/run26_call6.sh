#!/usr/bin/env bash
# Run 26, call 6 (perf/RESULTS.md): the chain counts per N, and two-block stages with
# chains. bundle = main; bundle_final = chains (4 at N <= 16, 2 at N = 32, 64, 1 at
# N = 128), release by slot arithmetic; bundle_bkch = the same with two K blocks a stage.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle*/COMMIT 2>/dev/null
for b in bundle_final bundle_bkch; do
  echo "== $b tests"
  for t in group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test; do
    timeout 90 $b/$t > "$out/${b}_$t.log" 2>&1; echo "$t exit $?"; tail -1 "$out/${b}_$t.log"
  done
done
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle bundle_final \
  bundle_bkch bundle bundle_final bundle_bkch
cd "$out" && tar czf logs.tgz *.log ab && rm -rf *.log ab && ls
