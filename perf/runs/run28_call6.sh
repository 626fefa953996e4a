#!/usr/bin/env bash
# Run 28, call 6 (perf/RESULTS.md): the owners' reduction with every load of the parts
# issued before the first add (docs/experiments/reduce_loads_first.patch on f68b92e:
# bundle_er; with reduce_trace.patch's stamps: bundle_erpub), against bundle_e = f68b92e.
# Call 5's stamps: 16 loads and their adds took 0.32 us for thread 0 at TP16 B=9.
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_e bundle_er bundle_erpub; do echo "$b $(cat $b/COMMIT)"; done
BUNDLE=bundle_er MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/er" 2>&1 | grep -E "^==|exit|passed|failed"
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_e bundle_er \
  bundle_e bundle_er > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for tp in 16 8; do
  echo "== bundle_erpub trace TP$tp B=9, last of 40 steps"
  (cd bundle_erpub && timeout 30 ./profile_step fused $tp 9 40 1 trace 2>&1 | grep -vE "^ *$" | tail -20)
done
(cd "$out" && tar czf logs.tgz ab ab.txt er && rm -rf ab er)
