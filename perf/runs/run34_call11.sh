#!/usr/bin/env bash
# Run 34, call 11 (perf/RESULTS.md), nvidia-h200-x2: validation of main as it ends the
# run (full bundle, 72f61c5: run 33's kernel plus the placement trace point): every GPU
# test on one and two GPUs, the main job, SASS, bench --repeat 2 at both dims (TP2 NCCL
# comparison on two GPUs), compute-sanitizer at the design's TP8 B=16 and DeepSeek TP16
# B=9, limits at both dims.
# carry: bundle
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT; nvidia-smi -L
BUDGET=300 TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
  PARTS="check bench" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -E "^==|^===|exit|passed|failed|skipped|HGMMA|LDL|rror" "$out/s/session.txt" | head -40
echo "session done after $SECONDS s"
for shape in "8 16" "16 9"; do
  dims=design; [ "$shape" = "16 9" ] && dims=deepseek
  echo "== sanitizers, $dims dims, tp/B $shape"
  SHX_DIMS=$dims SANITIZER_SHAPE="$shape" SANITIZED="fused split" SANITIZER_TIMEOUT=60 TESTS=" " \
    timeout 150 tools/gpu_validate.sh "$out/v_${shape// /_}" 2>&1 | grep -vE "^== (mailbox|group)"
done
echo "sanitizers done after $SECONDS s"
(cd bundle && timeout 90 ./bench --dims deepseek --repeat 2 --csv "$out/bench_deepseek.csv" \
  --policy "$out/policy_deepseek.txt" > "$out/deepseek.txt" 2> "$out/deepseek.err"; echo "deepseek exit $?")
tail -32 "$out/deepseek.txt" | head -8
SHX_DIMS=deepseek BUNDLE=bundle CELLS="16 9;8 9" timeout 60 tools/limits.sh "$out/lds" > "$out/limits_deepseek.txt" 2>&1
BUNDLE=bundle CELLS="8 9;16 9" timeout 60 tools/limits.sh "$out/l" > "$out/limits.txt" 2>&1
cat "$out/limits_deepseek.txt" "$out/limits.txt"
(cd "$out" && cp s/session.txt s/bench.csv s/policy.txt s/bench.txt . 2>/dev/null;
  tar czf all.tgz s v_* deepseek.txt deepseek.err limits.txt limits_deepseek.txt && rm -rf s v_* l lds deepseek.err)
ls "$out"
echo "all done after $SECONDS s"
