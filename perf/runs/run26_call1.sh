#!/usr/bin/env bash
# Run 26, call 1 (perf/RESULTS.md): where the gate/up loop's time goes, per fill.
# Bundles (tools/bundle.sh NAME ab on top of main): bundle_bt = block_trace.patch,
# bundle_btnm = the same without the wgmma instructions (wrong results: pace only),
# bundle_one16 = block trace + N = 16, 32 at one CTA per SM (21 / 17 stages),
# bundle_er = early_release.patch, bundle_pw = prefetch_warp.patch; bundle = main.
set -u
source tools/gpu_env.sh "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
cat bundle*/COMMIT
echo "== prefetch_warp tests"
for t in group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test; do
  timeout 90 bundle_pw/$t > "$out/pw_$t.log" 2>&1; echo "$t exit $?"; tail -3 "$out/pw_$t.log"
done
echo "== main (ab bundle): its GPU tests"
timeout 200 bundle/run_gpu_tests.sh > "$out/main_tests.log" 2>&1; echo "exit $?"
grep "^== \|passed" "$out/main_tests.log"
BATCHES=9,16,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle bundle_er bundle_pw \
  bundle_bt bundle_btnm bundle_one16
echo "== repeat: main, early release"
BATCHES=9,16,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab2" bundle bundle_er bundle bundle_er
echo "== traces"
for b in bundle_bt bundle_btnm bundle_one16 bundle_pw; do
  for cfg in "8 9" "16 9" "8 1" "8 64"; do
    f="$out/trace_${b}_${cfg// /_}.txt"
    (cd $b && timeout 30 ./profile_step fused $cfg 40 1 trace > "$f" 2>&1); echo "$b $cfg exit $?"
    head -1 "$f"
  done
done
cd "$out" && tar czf logs.tgz *.log *.txt ab ab2 && rm -rf *.log *.txt ab ab2 && ls
