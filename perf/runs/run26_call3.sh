#!/usr/bin/env bash
# Run 26, call 3 (perf/RESULTS.md): the k16 steps of every block round-robin over
# accumulator chains. bundle = main; bundle_ch = 4 chains (2 at N = 128);
# bundle_ch2 = 2 chains at every N; bundle_chbt = bundle_ch with the block trace.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle*/COMMIT
for b in bundle_ch bundle_ch2; do
  echo "== $b tests"
  for t in group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test; do
    timeout 90 $b/$t > "$out/${b}_$t.log" 2>&1; echo "$t exit $?"; tail -2 "$out/${b}_$t.log"
  done
done
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle bundle_ch \
  bundle_ch2 bundle_chbt
echo "== repeat"
BATCHES=9,16,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab2" bundle bundle_ch bundle_ch2 \
  bundle bundle_ch bundle_ch2
echo "== traces"
for cfg in "8 9" "16 9" "8 64" "8 128"; do
  f="$out/trace_chbt_${cfg// /_}.txt"
  (cd bundle_chbt && timeout 30 ./profile_step fused $cfg 40 1 trace > "$f" 2>&1)
  echo "chbt $cfg exit $?"; head -1 "$f"
done
cd "$out" && tar czf logs.tgz *.log *.txt ab ab2 && rm -rf *.log *.txt ab ab2 && ls
