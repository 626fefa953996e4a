#!/usr/bin/env bash
# Run 32, call 5 (perf/RESULTS.md): validation of main (full bundle, d0bcfed: the owners'
# reduction per activation, the weights evict-first in L2) against bundle_main
# (37c3314, the session's starting kernel with profile_step's launch line), with the
# candidate n64two (d0bcfed with two CTAs per SM also at TP8 N = 64) in the A/B: A/B
# twice, the whole validation (1- and 2-GPU tests, main job, bench --repeat 2,
# compute-sanitizer), the DeepSeek benchmark, the limits table and two full traces.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_main/COMMIT bundle_n64two/COMMIT
nvidia-smi -L
BATCHES=9,16,32,48,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_main bundle \
  bundle_n64two bundle_main bundle bundle_n64two > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
BUDGET=330 SANITIZER_TIMEOUT=130 SANITIZED="fused split" \
  TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
  PARTS="check bench validate" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -vE "^\s+tp [0-9]+ gpus|^  tp" "$out/s/session.txt" | grep -E "^==|^===|exit|passed|failed|skipped|HGMMA|LDL|ERROR|error|hazard|SUMMARY|fused |split |baseline |PDL|step|x floor| 9 | 64 |128 " | head -120
(cd bundle && timeout 120 ./bench --dims deepseek --repeat 2 --csv "$out/bench_deepseek.csv" \
  --policy "$out/policy_deepseek.txt" > "$out/deepseek.txt" 2> "$out/deepseek.err"; echo "deepseek exit $?")
BUNDLE=bundle tools/limits.sh "$out/l" > "$out/limits.txt" 2>&1
cat "$out/limits.txt"
for shape in "8 9" "16 9"; do (cd bundle && timeout 60 ./profile_step fused $shape 40 1 trace); done \
  > "$out/traces.txt" 2>&1
grep "^launch" "$out/traces.txt"
# The tool brings back a few files: the tables beside one archive of everything.
(cd "$out" && cp s/session.txt s/bench.csv s/policy.txt . && tar czf all.tgz ab ab.txt s \
  deepseek.txt deepseek.err policy_deepseek.txt traces.txt limits.txt &&
  rm -rf ab s l deepseek.err ab.txt deepseek.txt traces.txt)
ls -R "$out"
echo "all done after $SECONDS s"
