#!/usr/bin/env bash
# Run 26, call 2 (perf/RESULTS.md): ring stages of two K blocks (128 K per fill).
# bundle = main; bundle_bk = two-block stages; bundle_bkbt = the same with the block
# trace; bundle_bkbtnm = that without wgmma (pace only, wrong results); bundle_bare =
# main + block trace with no wgmma instruction at all in the K loops (wrong results).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle*/COMMIT
echo "== bundle_bk tests"
for t in group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test; do
  timeout 90 bundle_bk/$t > "$out/bk_$t.log" 2>&1; echo "$t exit $?"; tail -3 "$out/bk_$t.log"
done
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle bundle_bk \
  bundle_bkbt bundle_bkbtnm bundle_bare
echo "== repeat"
BATCHES=9,16,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab2" bundle bundle_bk bundle bundle_bk
echo "== traces"
for b in bundle_bkbt bundle_bkbtnm bundle_bare; do
  for cfg in "8 9" "16 9" "8 64"; do
    f="$out/trace_${b}_${cfg// /_}.txt"
    (cd $b && timeout 30 ./profile_step fused $cfg 40 1 trace > "$f" 2>&1); echo "$b $cfg exit $?"
    head -1 "$f"
  done
done
cd "$out" && tar czf logs.tgz *.log *.txt ab ab2 && rm -rf *.log *.txt ab ab2 && ls
