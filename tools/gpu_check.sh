#!/usr/bin/env bash
# One device session's checks, run from the repository root on a GPU host with a bundle
# made by tools/bundle.sh: GPU facts, the GPU tests, SASS (HGMMA), the main job.
#   tools/gpu_check.sh [OUTDIR]       logs land in OUTDIR (default ./out)
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv | tee "$out/gpu.txt"
echo "bundle of commit $(cat "$bundle/COMMIT" 2>/dev/null)" | tee -a "$out/gpu.txt"
cuobjdump --dump-sass "$bundle"/group_fused_1gpu_test > "$out/fused.sass" 2>&1
echo "HGMMA instructions in the fused kernels: $(grep -c HGMMA "$out/fused.sass")"
echo "local memory (LDL/STL) in the fused kernels: $(grep -cE '\b(LDL|STL)\b' "$out/fused.sass")"
echo "mbarrier phase checks (SYNCS.PHASECHK) in the fused kernels: $(grep -c 'SYNCS.PHASECHK' "$out/fused.sass")"
run_bundle_tests ${TESTS:-api_test api_gpu_test group_baseline_1gpu_test group_fused_1gpu_test \
  group_split_1gpu_test mailbox_gpu_test}
if [ -n "${MAIN-1}" ]; then  # MAIN= skips the main job
  echo "== decode_step"
  (cd "$bundle" && timeout ${MAIN_TIMEOUT:-300} ./decode_step ../testdata/golden) 2>&1 | tee "$out/decode_step.log" | tail -14
fi
