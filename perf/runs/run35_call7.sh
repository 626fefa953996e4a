#!/usr/bin/env bash
# Run 35, call 7 (perf/RESULTS.md), nvidia-h200-x2: validation of main as it ends the
# run (full bundle, cf3d180, whose kernel is ea8eba9's: the refill prefetch wherever the
# grid triggers early, for CTAs of at most 16 gate/up blocks, the early trigger at N = 64
# where two CTAs share an SM): every GPU test on one and two GPUs, the main job, SASS,
# bench --repeat 2 at both dims (TP2 NCCL comparison on two GPUs), compute-sanitizer at
# the design's TP8 B=16, DeepSeek TP16 B=9 and DeepSeek TP8 B=64 (fused only), the A/B
# against the run's start (a25a00b, bundle_orig) at both dims, limits at every target
# cell.
# carry: bundle bundle_orig
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_orig/COMMIT; nvidia-smi -L
BUDGET=300 TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
  PARTS="check bench" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -E "^==|^===|exit|passed|failed|skipped|HGMMA|LDL|rror" "$out/s/session.txt" | head -40
echo "session done after $SECONDS s"
for case in "design 8 16 fused split" "deepseek 16 9 fused split" "deepseek 8 64 fused"; do
  read -r dims tp b variants <<< "$case"
  echo "== sanitizers, $dims dims, tp/B $tp $b"
  SHX_DIMS=$dims SANITIZER_SHAPE="$tp $b" SANITIZED="$variants" SANITIZER_TIMEOUT=60 TESTS=" " \
    timeout 150 tools/gpu_validate.sh "$out/v_${dims}_${tp}_$b" 2>&1 | grep -vE "^== (mailbox|group)"
done
echo "sanitizers done after $SECONDS s"
(cd bundle && timeout 90 ./bench --dims deepseek --repeat 2 --csv "$out/bench_deepseek.csv" \
  --policy "$out/policy_deepseek.txt" > "$out/deepseek.txt" 2> "$out/deepseek.err"; echo "deepseek exit $?")
BATCHES=1,9,16,32,64 timeout 90 tools/gpu_ab.sh "$out/ab" bundle_orig bundle bundle_orig bundle > "$out/ab.txt" 2>&1
BENCH_ARGS="--dims deepseek" BATCHES=1,9,32,48,64 timeout 90 tools/gpu_ab.sh "$out/abds" bundle_orig bundle bundle_orig bundle > "$out/abds.txt" 2>&1
echo "ab done after $SECONDS s"
BUNDLE=bundle timeout 150 tools/limits.sh "$out/l" > "$out/limits.txt" 2>&1
SHX_DIMS=deepseek BUNDLE=bundle CELLS="16 9;16 64;8 9;8 64" timeout 60 tools/limits.sh "$out/lds" > "$out/limits_deepseek.txt" 2>&1
cat "$out/limits.txt" "$out/limits_deepseek.txt"
(cd "$out" && cp s/session.txt s/bench.csv s/policy.txt s/bench.txt . 2>/dev/null;
  tar czf all.tgz s v_* deepseek.txt deepseek.err limits.txt limits_deepseek.txt ab.txt abds.txt && rm -rf s v_* l lds ab abds deepseek.err)
ls "$out"
echo "all done after $SECONDS s"
