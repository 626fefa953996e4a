#!/usr/bin/env bash
# Run 31, call 10 (perf/RESULTS.md), nvidia-h200-x2: validation of main (full bundle) after
# the run's kept changes (call 8's, and fast_tanh without a divergent branch, call 9),
# against bundle_base (7166046, the session's starting kernel): A/B twice, the whole
# validation (1- and 2-GPU tests, main job, bench --repeat 2, compute-sanitizer), the
# DeepSeek benchmark, the limits table (tools/limits.sh) and two full traces.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_base/COMMIT
nvidia-smi -L
BATCHES=9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_base bundle \
  bundle_base bundle > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
BUDGET=330 SANITIZER_TIMEOUT=130 SANITIZED="fused split" \
  TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
  PARTS="check bench validate" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -vE "^\s+tp [0-9]+ gpus|^  tp" "$out/s/session.txt" | grep -E "^==|^===|exit|passed|failed|HGMMA|LDL|ERROR|error|hazard|SUMMARY|fused |split |baseline |PDL|step|x floor| 9 | 64 |128 " | head -120
(cd bundle && timeout 120 ./bench --dims deepseek --repeat 2 --csv "$out/bench_deepseek.csv" \
  --policy "$out/policy_deepseek.txt" > "$out/deepseek.txt" 2> "$out/deepseek.err"; echo "deepseek exit $?")
BUNDLE=bundle tools/limits.sh "$out/l" > "$out/limits.txt" 2>&1
cat "$out/limits.txt"
for shape in "8 9" "16 9"; do (cd bundle && timeout 60 ./profile_step fused $shape 40 1 trace); done \
  > "$out/traces.txt" 2>&1
# The tool brings back a few files: the tables beside one archive of everything.
(cd "$out" && cp s/session.txt s/bench.csv . && tar czf all.tgz ab ab.txt s deepseek.txt \
  deepseek.err policy_deepseek.txt traces.txt && rm -rf ab s l deepseek.err)
