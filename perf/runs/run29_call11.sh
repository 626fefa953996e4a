#!/usr/bin/env bash
# Run 29, call 11 (perf/RESULTS.md), nvidia-h200-x2: the GPU group tests of this commit,
# which add the DeepSeek-V3 / Kimi-K2 dims (H 7168, I_total 2048, SwiGLU; TP8 and TP16,
# B = 9, 48, 64, 128) to the design dims, every variant, one and two GPUs.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT
TEST_TIMEOUT=200 TAIL=60 run_bundle_tests group_fused_1gpu_test group_split_1gpu_test \
  group_baseline_1gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test \
  2>&1 | grep -E "^==|^exit|I_total|rel L2|passed|FAIL|differ|rror" | grep -vE "I_total 6144|rel L2" ; \
for f in "$out"/group_*_test.log; do
  echo "== $(basename "$f")"; grep -A4 "I_total 2048" "$f" | grep "rel L2"
done
