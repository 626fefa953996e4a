#!/usr/bin/env bash
# Run 28, call 3 (perf/RESULTS.md): the early trigger where it measured faster (bundle_e
# = f68b92e: once the gate/up MMAs are done where the CTA's down tile fits in the ring
# and N <= 16, else after the grid barrier), and that with two consumer warpgroups at
# N = 16 (bundle_eg2 = 14386a8: f68b92e + 1f26c1e's second warpgroup), against
# bundle_h = 8f8d1ca. Traces of TP16 B=32 for bundle_h and bundle_t2 (call 2's
# unconditional early trigger, 0.4 us slower there).
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_h bundle_e bundle_eg2 bundle_t2; do echo "$b $(cat $b/COMMIT)"; done
for b in bundle_e bundle_eg2; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
    tools/gpu_check.sh "$out/$b" 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL"
done
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_h bundle_e \
  bundle_eg2 bundle_h bundle_e bundle_eg2 > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_e bundle_eg2; do
  for tp in 16 8; do
    echo "== $b trace TP$tp B=9, last of 40 steps"
    (cd $b && timeout 30 ./profile_step fused $tp 9 40 1 trace 2>&1 | grep -E "per step|entry|dependency|ready|MMAs done|partials|published|grid barrier|pushed|rror|imeout")
  done
done
for b in bundle_h bundle_t2; do
  echo "== $b trace TP16 B=32, last of 40 steps"
  (cd $b && timeout 30 ./profile_step fused 16 32 40 1 trace 2>&1 | grep -E "per step|entry|dependency|ready|MMAs done|partials|published|grid barrier|pushed|rror|imeout")
done
(cd "$out" && tar czf logs.tgz ab ab.txt bundle_e bundle_eg2 && rm -rf ab bundle_e bundle_eg2)
