#!/usr/bin/env bash
# Run 33, call 3 (perf/RESULTS.md), nvidia-h200: clusters of 16 at the default CTAs per
# SM where their gate/up CTAs are no more than the down tiles, N <= 32, in a kernel
# instance of their own (the full bundle, 911cdd2 on branch r33_c16e), and the same at
# every N (c16f, f57ac9a), against main (bundle_main, 489cbd2): the A/B twice at the
# DeepSeek dims and at the design dims (control), the validation of 911cdd2 (1-GPU
# tests, main job, SASS, bench --repeat 2, compute-sanitizer at DeepSeek TP16 B = 9 and
# 32 and the design's TP8 B=16), the DeepSeek benchmark twice, limits at DeepSeek TP16.
# carry: bundle bundle_main bundle_c16f
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_main/COMMIT bundle_c16f/COMMIT
BENCH_ARGS="--dims deepseek" BATCHES=1,9,16,24,32,48,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/abds" \
  bundle_main bundle bundle_c16f bundle_main bundle bundle_c16f > "$out/abds.txt" 2>&1
BATCHES=9,16,32,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_main bundle bundle_main bundle \
  > "$out/ab.txt" 2>&1
echo "A/B done after $SECONDS s"
BUDGET=300 TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  PARTS="check bench" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -E "^==|^===|exit|passed|failed|skipped|HGMMA|LDL|ERROR|error" "$out/s/session.txt" | head -40
echo "session done after $SECONDS s"
for shape in "16 9" "16 32" "8 16"; do
  dims=deepseek; [ "$shape" = "8 16" ] && dims=design
  echo "== sanitizers, $dims dims, tp/B $shape"
  SHX_DIMS=$dims SANITIZER_SHAPE="$shape" SANITIZED="fused split" SANITIZER_TIMEOUT=100 TESTS=" " \
    timeout 250 tools/gpu_validate.sh "$out/v_${shape// /_}" 2>&1 | grep -vE "^== (mailbox|group)"
done
echo "sanitizers done after $SECONDS s"
(cd bundle && timeout 90 ./bench --dims deepseek --repeat 2 --csv "$out/bench_deepseek.csv" \
  --policy "$out/policy_deepseek.txt" > "$out/deepseek.txt" 2> "$out/deepseek.err"; echo "deepseek exit $?")
SHX_DIMS=deepseek BUNDLE=bundle CELLS="16 9;16 32" timeout 60 tools/limits.sh "$out/l" > "$out/limits.txt" 2>&1
cat "$out/limits.txt"
(cd "$out" && cp s/session.txt s/bench.csv s/policy.txt . && tar czf all.tgz ab abds ab.txt abds.txt s v_* deepseek.txt deepseek.err limits.txt &&
  rm -rf ab abds s v_* l deepseek.err ab.txt)
ls "$out"
echo "all done after $SECONDS s"
