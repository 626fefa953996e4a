#!/usr/bin/env bash
# Run 29, call 9 (perf/RESULTS.md), nvidia-h200-x2: the early trigger up to N = 32 (f1cef46,
# full bundle) against bundle_prev (53a8d97, run 29 call 7): A/B twice, a trace of TP16
# B=32, then the whole validation (1- and 2-GPU tests, main job, bench --repeat 2,
# compute-sanitizer), as calls 4 and 7.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_prev/COMMIT
nvidia-smi -L
BATCHES=9,17,24,32,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_prev bundle \
  bundle_prev bundle > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
echo "== trace TP/B 16 32, last of 40 steps"
(cd bundle && timeout 30 ./profile_step fused 16 32 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|partials|published|grid barrier|first down|pushed|rror|imeout")
BUDGET=330 SANITIZER_TIMEOUT=130 SANITIZED="fused split" \
  TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
  PARTS="check bench validate" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -vE "^\s+tp [0-9]+ gpus|^  tp" "$out/s/session.txt" | grep -E "^==|^===|exit|passed|failed|HGMMA|LDL|ERROR|error|hazard|SUMMARY|fused |split |baseline |PDL|step|x floor| 9 | 64 |128 " | head -120
(cd "$out" && tar czf ab.tgz ab ab.txt && rm -rf ab)
