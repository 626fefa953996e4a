#!/usr/bin/env bash
# Run 27, call 10 (perf/RESULTS.md): the non-blocking mbarrier.test_wait. bundle_v1 =
# 9611a0e's device code; bundle_v2t = + each fill's full barrier tested one step ahead
# with test_wait (call 9's try_wait look-ahead blocked); bundle_v3 = 9611a0e with
# wait_barrier's first test a test_wait (no look-ahead).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_v1/COMMIT bundle_v2t/COMMIT bundle_v3/COMMIT
for b in bundle_v2t bundle_v3; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
    tools/gpu_check.sh "$out/$b" 2>&1 | grep -E "^==|exit|passed|failed"
done
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_v1 bundle_v2t \
  bundle_v3 bundle_v1 bundle_v2t bundle_v3 > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_v2t bundle_v3; do
  for tp in 16 8; do
    echo "== $b trace TP$tp B=9, last of 40 steps"
    (cd $b && timeout 30 ./profile_step fused $tp 9 40 1 trace 2>&1 | grep -E "per step|MMAs done|grid barrier|first down|pushed")
  done
done
(cd "$out" && tar czf ab.tgz ab ab.txt bundle_v2t bundle_v3 && rm -rf ab bundle_v2t bundle_v3)
