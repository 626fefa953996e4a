#!/usr/bin/env bash
# Run 28, call 8 (perf/RESULTS.md): what the gap between a grid's last push and the next
# grid's dependency wait depends on. Diagnostic variants of the current kernel
# (bundle_e, device code of f68b92e): weak 16-byte stores for the push instead of
# st.relaxed.sys (docs/experiments/weak_push.patch: bundle_weak), and half a ring before
# the dependency wait where the grid triggers early (half_first_ring.patch: bundle_half).
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_e bundle_weak bundle_half; do echo "$b $(cat $b/COMMIT)"; done
for b in bundle_weak bundle_half; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test mailbox_gpu_test" \
    tools/gpu_check.sh "$out/$b" 2>&1 | grep -E "^==|exit|passed|failed"
done
BATCHES=1,9,16,32 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_e bundle_weak \
  bundle_half bundle_e bundle_weak bundle_half > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_e bundle_weak bundle_half; do
  for shape in "16 9" "8 9"; do
    echo "== $b trace TP/B $shape, last of 40 steps"
    (cd $b && timeout 30 ./profile_step fused $shape 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|partials|published|grid barrier|pushed|rror|imeout")
  done
done
(cd "$out" && tar czf logs.tgz ab ab.txt bundle_weak bundle_half && rm -rf ab bundle_weak bundle_half)
