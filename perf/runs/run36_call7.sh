#!/usr/bin/env bash
# Run 36, call 7 (perf/RESULTS.md), nvidia-h200-x2: the final commit's full bundle
# (59e643f: the tensor-map encoding in ops/ptx/tensor_map.cuh, the kernel's .nv_fatbin
# unchanged; perf/down_probe_gpu_test new): every GPU test on one and two GPUs
# (tools/gpu_check.sh: SASS, the tests, the main job).
# carry: bundle
TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test \
  mailbox_gpu_test down_probe_gpu_test group_fused_2gpu_test group_split_2gpu_test \
  group_baseline_2gpu_test" TAIL=3 MAIN_TIMEOUT=120 tools/gpu_check.sh "$OUT/logs"
echo "done after $SECONDS s"
