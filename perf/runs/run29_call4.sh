#!/usr/bin/env bash
# Run 29, call 4 (perf/RESULTS.md), nvidia-h200-x2: the owners' scalars in shared memory
# (b05cd0f, full bundle; device code byte-identical to call 2's candidate p) against
# bundle_base (2ecf803): an A/B twice, traces of the last of 40 steps (TP16 B=9, TP8
# B=9), then the whole validation (1- and 2-GPU tests, main job, bench --repeat 2,
# compute-sanitizer), as run 28 call 11.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_base/COMMIT
nvidia-smi -L
BATCHES=1,9,16,32,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_base bundle bundle_base \
  bundle > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
for shape in "16 9" "8 9"; do
  echo "== trace TP/B $shape, last of 40 steps"
  (cd bundle && timeout 30 ./profile_step fused $shape 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|partials|published|grid barrier|first down|pushed|rror|imeout")
done
BUDGET=330 SANITIZER_TIMEOUT=130 SANITIZED="fused split" \
  TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
  PARTS="check bench validate" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -vE "^\s+tp [0-9]+ gpus|^  tp" "$out/s/session.txt" | grep -E "^==|^===|exit|passed|failed|HGMMA|LDL|ERROR|error|hazard|SUMMARY|fused |split |baseline |PDL|step|x floor| 9 | 64 |128 " | head -120
(cd "$out" && tar czf ab.tgz ab ab.txt && rm -rf ab)
