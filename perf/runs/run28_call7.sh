#!/usr/bin/env bash
# Run 28, call 7 (perf/RESULTS.md): the whole validation of the early PDL trigger
# (device code of f68b92e) on nvidia-h200-x2: GPU tests on one and two GPUs, the main
# job, bench --repeat 2, traces, compute-sanitizer synccheck / memcheck / racecheck on
# fused and split (full bundle).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT
nvidia-smi -L
BUDGET=420 SANITIZER_TIMEOUT=130 SANITIZED="fused split" \
  TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
  PARTS="check bench trace validate" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -vE "^\s+tp [0-9]+ gpus|^  tp" "$out/s/session.txt" | grep -E "^==|^===|exit|passed|failed|HGMMA|LDL|ERROR|error|hazard|SUMMARY|fused |split |baseline |PDL|step|x floor| 9 | 64 |128 " | head -120
