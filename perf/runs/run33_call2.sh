#!/usr/bin/env bash
# Run 33, call 2 (perf/RESULTS.md), nvidia-h200: clusters of 16 where their gate/up CTAs
# are no more than the down tiles (the full bundle, cc63ad1: the DeepSeek dims at TP16,
# N <= 16, three CTAs per SM) against main (bundle_main, 489cbd2) and c16d2 (0957323:
# the same rule at two CTAs per SM, N <= 32): the A/B twice at the DeepSeek dims and at
# the design dims (control: unchanged plans there), then the validation of cc63ad1
# (1-GPU tests, main job, SASS, compute-sanitizer at DeepSeek TP16 B=9 and the design's
# TP8 B=16), the DeepSeek benchmark twice, the limits table at DeepSeek TP16.
# carry: bundle bundle_main bundle_c16d2
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_main/COMMIT bundle_c16d2/COMMIT
BENCH_ARGS="--dims deepseek" BATCHES=1,9,16,24,32 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/abds" \
  bundle_main bundle bundle_c16d2 bundle_main bundle bundle_c16d2 > "$out/abds.txt" 2>&1
BATCHES=9,16,32 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_main bundle bundle_main bundle \
  > "$out/ab.txt" 2>&1
echo "A/B done after $SECONDS s"
BUDGET=200 TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  PARTS="check" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -E "^==|^===|exit|passed|failed|skipped|HGMMA|LDL|ERROR|error" "$out/s/session.txt" | head -40
for shape in "16 9" "8 16"; do
  dims=design; [ "$shape" = "16 9" ] && dims=deepseek
  echo "== sanitizers, $dims dims, tp/B $shape"
  SHX_DIMS=$dims SANITIZER_SHAPE="$shape" SANITIZED="fused split" SANITIZER_TIMEOUT=100 TESTS=" " \
    timeout 250 tools/gpu_validate.sh "$out/v_${shape// /_}" 2>&1 | grep -vE "^== (mailbox|group)"
done
echo "sanitizers done after $SECONDS s"
(cd bundle && timeout 90 ./bench --dims deepseek --repeat 2 --csv "$out/bench_deepseek.csv" \
  --policy "$out/policy_deepseek.txt" > "$out/deepseek.txt" 2> "$out/deepseek.err"; echo "deepseek exit $?")
SHX_DIMS=deepseek BUNDLE=bundle CELLS="16 9;16 16;8 9" timeout 60 tools/limits.sh "$out/l" > "$out/limits.txt" 2>&1
cat "$out/limits.txt"
(cd "$out" && cp s/session.txt . && tar czf all.tgz ab abds ab.txt abds.txt s v_* deepseek.txt deepseek.err limits.txt &&
  rm -rf ab abds s v_* l deepseek.err)
ls "$out"
echo "all done after $SECONDS s"
