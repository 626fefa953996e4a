#!/usr/bin/env bash
# Run 28, call 11 (perf/RESULTS.md): no integer division on the path after the gate/up
# loop (`01d2732`, full bundle) against the current kernel (bundle_e, device code of
# f68b92e): A/B twice, then the whole validation of the candidate on nvidia-h200-x2
# (1- and 2-GPU tests, main job, bench --repeat 2, compute-sanitizer).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_e/COMMIT
nvidia-smi -L
BATCHES=1,9,16,32,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_e bundle bundle_e \
  bundle > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
BUDGET=300 SANITIZER_TIMEOUT=130 SANITIZED="fused split" \
  TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
  PARTS="check bench validate" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -vE "^\s+tp [0-9]+ gpus|^  tp" "$out/s/session.txt" | grep -E "^==|^===|exit|passed|failed|HGMMA|LDL|ERROR|error|hazard|SUMMARY|fused |split |baseline |PDL|step|x floor| 9 | 64 |128 " | head -120
(cd "$out" && tar czf ab.tgz ab ab.txt && rm -rf ab)
