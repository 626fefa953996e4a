#!/usr/bin/env bash
# Run 28, call 2 (perf/RESULTS.md): where the fused kernel triggers its dependent grid
# (griddepcontrol.launch_dependents). bundle_h = 8f8d1ca (after the grid barrier, as
# issue 3 asks); docs/experiments/trigger_t0.patch: at kernel start, before the first
# ring; trigger_t1.patch: the producer, after its last gate/up load; trigger_t2.patch:
# consumer thread 0 once its gate/up MMAs are done (down-only CTAs at once).
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_h bundle_t0 bundle_t1 bundle_t2; do echo "$b $(cat $b/COMMIT)"; done
for b in bundle_t0 bundle_t1 bundle_t2; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test mailbox_gpu_test" \
    tools/gpu_check.sh "$out/$b" 2>&1 | grep -E "^==|exit|passed|failed|TIMEOUT|timed out"
done
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_h bundle_t0 \
  bundle_t1 bundle_t2 bundle_h bundle_t0 bundle_t1 bundle_t2 > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_h bundle_t0 bundle_t1 bundle_t2; do
  for tp in 16 8; do
    echo "== $b trace TP$tp B=9, last of 40 steps"
    (cd $b && timeout 30 ./profile_step fused $tp 9 40 1 trace 2>&1 | grep -E "per step|entry|dependency|ready|MMAs done|partials|published|grid barrier|pushed|rror|imeout")
  done
done
(cd "$out" && tar czf logs.tgz ab ab.txt bundle_t0 bundle_t1 bundle_t2 && rm -rf ab bundle_t0 bundle_t1 bundle_t2)
