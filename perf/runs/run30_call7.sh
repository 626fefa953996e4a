#!/usr/bin/env bash
# Run 30, call 7 (perf/RESULTS.md), nvidia-h200-x2: validation of main with the late down
# blocks' L2 prefetch (full bundle) against bundle_main (15e8e5c, the kernel of f1cef46):
# A/B twice, then the whole validation (1- and 2-GPU tests, main job, bench --repeat 2,
# compute-sanitizer), and the DeepSeek benchmark once more for the docs and its policy.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_main/COMMIT
nvidia-smi -L
BATCHES=9,16,32,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_main bundle \
  bundle_main bundle > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
BUDGET=330 SANITIZER_TIMEOUT=130 SANITIZED="fused split" \
  TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
  PARTS="check bench validate" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -vE "^\s+tp [0-9]+ gpus|^  tp" "$out/s/session.txt" | grep -E "^==|^===|exit|passed|failed|HGMMA|LDL|ERROR|error|hazard|SUMMARY|fused |split |baseline |PDL|step|x floor| 9 | 64 |128 " | head -120
(cd bundle && timeout 120 ./bench --dims deepseek --repeat 2 --csv "$out/bench_deepseek.csv" \
  --policy "$out/policy_deepseek.txt" > "$out/deepseek.txt" 2> "$out/deepseek.err"; echo "deepseek exit $?")
(cd "$out" && tar czf ab.tgz ab ab.txt && rm -rf ab)
