#!/usr/bin/env bash
# Run 27, call 11 (perf/RESULTS.md): the owners' reduction without a division or a
# runtime-count loop (call 1: 0.77 us for one element a thread), and the push without a
# division by the shard width per store. bundle_v2t = f1df8ee's device code, bundle_v4 =
# f1df8ee + those two changes.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_v2t/COMMIT bundle_v4/COMMIT
BUNDLE=bundle_v4 MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/v4" 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL"
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_v2t bundle_v4 \
  bundle_v2t bundle_v4 > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_v2t bundle_v4; do
  for tp in 16 8; do
    echo "== $b trace TP$tp B=9, last of 40 steps"
    (cd $b && timeout 30 ./profile_step fused $tp 9 40 1 trace 2>&1 | grep -E "per step|MMAs done|partials|published|grid barrier|first down|pushed")
  done
done
(cd "$out" && tar czf ab.tgz ab ab.txt v4 && rm -rf ab v4)
