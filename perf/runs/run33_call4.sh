#!/usr/bin/env bash
# Run 33, call 4 (perf/RESULTS.md), nvidia-h200-x2: validation of the kept kernel (full
# bundle, d9bbc52: clusters of 16 where they fit, i.e. the DeepSeek dims at TP16): every
# GPU test on one and two GPUs (cross-GPU peer stores), the main job, SASS, bench
# --repeat 2 at the design dims (with its TP2 NCCL comparison on two GPUs) and at the
# DeepSeek dims, compute-sanitizer at DeepSeek TP16 B = 64 and 128 (the cluster-16
# instances at N = 64 and 128), the limits table at both dims.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT; nvidia-smi -L
BUDGET=330 TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
  PARTS="check bench" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -E "^==|^===|exit|passed|failed|skipped|HGMMA|LDL|rror" "$out/s/session.txt" | head -40
tar xzf "$out/s/logs.tar.gz" -C "$out/s" && grep -h "gpus 2" "$out"/s/logs/group_*_2gpu_test.log | grep -E "I_total 2048|tp 16" | head -20
echo "session done after $SECONDS s"
for shape in "16 64" "16 128"; do
  echo "== sanitizers, deepseek dims, tp/B $shape"
  SHX_DIMS=deepseek SANITIZER_SHAPE="$shape" SANITIZED="fused split" SANITIZER_TIMEOUT=60 TESTS=" " \
    timeout 150 tools/gpu_validate.sh "$out/v_${shape// /_}" 2>&1 | grep -vE "^== (mailbox|group)"
done
echo "sanitizers done after $SECONDS s"
(cd bundle && timeout 90 ./bench --dims deepseek --repeat 2 --csv "$out/bench_deepseek.csv" \
  --policy "$out/policy_deepseek.txt" > "$out/deepseek.txt" 2> "$out/deepseek.err"; echo "deepseek exit $?")
SHX_DIMS=deepseek BUNDLE=bundle CELLS="16 9;16 32;16 64" timeout 60 tools/limits.sh "$out/lds" > "$out/limits_deepseek.txt" 2>&1
BUNDLE=bundle CELLS="8 9;16 9" timeout 60 tools/limits.sh "$out/l" > "$out/limits.txt" 2>&1
cat "$out/limits_deepseek.txt" "$out/limits.txt"
(cd "$out" && cp s/session.txt s/bench.csv s/policy.txt s/bench.txt . 2>/dev/null;
  tar czf all.tgz s v_* deepseek.txt deepseek.err limits.txt limits_deepseek.txt && rm -rf s v_* l lds deepseek.err)
ls "$out"
echo "all done after $SECONDS s"
