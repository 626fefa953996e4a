#!/usr/bin/env bash
# Run 29, call 10 (perf/RESULTS.md): t2n16 (b2b334e, branch r29_t2n16): the early PDL
# trigger at N <= 16 also where the down tile does not fit the ring (TP8 B = 9..16: 2 of
# 12 down blocks loaded after the barrier; run 28 call 2 found TP8 B=9 0.16 us slower,
# before the owners' scalars moved to shared memory) against main (bundle_main =
# 133fff2, device code of f1cef46). Tests, traces of TP8 B=9, A/B twice.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_main/COMMIT bundle_t2n16/COMMIT
BUNDLE=bundle_t2n16 MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/check" 2>&1 | grep -E "^==|exit|passed|failed"
for b in bundle_main bundle_t2n16; do
  echo "== $b trace TP/B 8 9, last of 40 steps"
  (cd $b && timeout 30 ./profile_step fused 8 9 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|partials|published|grid barrier|first down|pushed|rror|imeout")
done
BATCHES=1,9,16,32 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_main bundle_t2n16 \
  bundle_main bundle_t2n16 > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
(cd "$out" && tar czf ab.tgz ab ab.txt && rm -rf ab check)
