#!/usr/bin/env bash
# Run 27, call 9 (perf/RESULTS.md): each fill's full barrier tested one step ahead in
# mma_blocks (call 8: a try_wait on a completed phase costs ~150 cycles, 45% of a down
# fill). bundle_v1 = 9611a0e's device code, bundle_v2 = 9611a0e + the look-ahead.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_v1/COMMIT bundle_v2/COMMIT
BUNDLE=bundle_v2 MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/v2" 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL"
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_v1 bundle_v2 \
  bundle_v1 bundle_v2 > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_v1 bundle_v2; do
  for tp in 16 8; do
    echo "== $b trace TP$tp B=9, last of 40 steps"
    (cd $b && timeout 30 ./profile_step fused $tp 9 40 1 trace 2>&1 | grep -E "per step|MMAs done|partials|published|grid barrier|first down|pushed")
  done
done
(cd "$out" && tar czf ab.tgz ab ab.txt v2 && rm -rf ab v2)
