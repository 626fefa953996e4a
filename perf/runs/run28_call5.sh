#!/usr/bin/env bash
# Run 28, call 5 (perf/RESULTS.md): why the next grid's dependency wait returns later
# after an earlier trigger (the gap from this grid's last push to the next grid's
# wait grew from 0.7 to 1.3 us at TP16 B=9). Diagnostic variants of f68b92e: a
# __nanosleep of 1.5 or 2.5 us before every griddepcontrol.wait
# (docs/experiments/nanosleep_before_wait.patch, 1500 or 2500), so that the thread spends
# less time inside the wait; and stamps inside the owners' reduction
# (docs/experiments/reduce_trace.patch, bundle_epub2).
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_e bundle_ns1500 bundle_ns2500 bundle_epub2; do echo "$b $(cat $b/COMMIT)"; done
for b in bundle_ns1500 bundle_ns2500; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test" \
    tools/gpu_check.sh "$out/$b" 2>&1 | grep -E "^==|exit|passed|failed"
done
BATCHES=1,9,16,32 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_e bundle_ns1500 \
  bundle_ns2500 bundle_e bundle_ns1500 bundle_ns2500 > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_e bundle_ns1500 bundle_ns2500; do
  for shape in "16 9" "8 9"; do
    echo "== $b trace TP/B $shape, last of 40 steps"
    (cd $b && timeout 30 ./profile_step fused $shape 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|partials|published|grid barrier|pushed|rror|imeout")
  done
done
for tp in 16 8; do
  echo "== bundle_epub2 trace TP$tp B=9, last of 40 steps"
  (cd bundle_epub2 && timeout 30 ./profile_step fused $tp 9 40 1 trace 2>&1 | grep -vE "^ *$" | tail -20)
done
(cd "$out" && tar czf logs.tgz ab ab.txt bundle_ns1500 bundle_ns2500 && rm -rf ab bundle_ns1500 bundle_ns2500)
