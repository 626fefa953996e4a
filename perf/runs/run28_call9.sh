#!/usr/bin/env bash
# Run 28, call 9 (perf/RESULTS.md): the early trigger also at TP8 N <= 16, where 2 of a
# CTA's 12 down blocks are loaded after the grid barrier: with those blocks asked into L2
# before the barrier (docs/experiments/trigger_early_late_down_l2.patch: bundle_t2pf) and
# without (bundle_t2n16), against the current kernel (bundle_e).
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_e bundle_t2pf bundle_t2n16; do echo "$b $(cat $b/COMMIT)"; done
BUNDLE=bundle_t2pf MAIN= TAIL=2 TESTS="group_fused_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/t2pf" 2>&1 | grep -E "^==|exit|passed|failed"
BATCHES=1,9,16,32 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_e bundle_t2pf \
  bundle_t2n16 bundle_e bundle_t2pf bundle_t2n16 > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_e bundle_t2pf; do
  echo "== $b trace TP8 B=9, last of 40 steps"
  (cd $b && timeout 30 ./profile_step fused 8 9 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|partials|published|grid barrier|first down|pushed|rror|imeout")
done
(cd "$out" && tar czf logs.tgz ab ab.txt t2pf && rm -rf ab t2pf)
