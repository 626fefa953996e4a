#!/usr/bin/env bash
# Run 29, call 8 (perf/RESULTS.md): et32 (branch r29_et32): the early PDL trigger also at
# N = 32 (kEarlyTriggerMaxN 32: TP16 B = 17..32, where the 6-block down tile fits the
# 8-stage ring; run 28 found it 0.4 us slower at TP16 B=32, before the owners' scalars
# moved to shared memory) against main (bundle_main, device code of 53a8d97). Tests,
# traces of TP16 B=32, A/B twice.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_main/COMMIT bundle_et32/COMMIT
BUNDLE=bundle_et32 MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/check" 2>&1 | grep -E "^==|exit|passed|failed"
for b in bundle_main bundle_et32; do
  echo "== $b trace TP/B 16 32, last of 40 steps"
  (cd $b && timeout 30 ./profile_step fused 16 32 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|partials|published|grid barrier|first down|pushed|rror|imeout")
done
BATCHES=9,17,24,32 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_main bundle_et32 \
  bundle_main bundle_et32 > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
(cd "$out" && tar czf ab.tgz ab ab.txt && rm -rf ab check)
