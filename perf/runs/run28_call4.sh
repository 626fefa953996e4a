#!/usr/bin/env bash
# Run 28, call 4 (perf/RESULTS.md): L2 prefetch before the dependency wait where the
# grid triggers early (docs/experiments/l2_prefetch_early.patch on f68b92e): bundle_ep
# prefetches the gate/up blocks past the first ring and the down tile, bundle_epg the
# gate/up blocks only; against bundle_e = f68b92e. bundle_epub = f68b92e +
# publish_trace.patch (stamps inside the h release).
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_e bundle_ep bundle_epg bundle_epub; do echo "$b $(cat $b/COMMIT)"; done
for b in bundle_ep bundle_epg; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test mailbox_gpu_test" \
    tools/gpu_check.sh "$out/$b" 2>&1 | grep -E "^==|exit|passed|failed"
done
BATCHES=1,9,16,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_e bundle_ep \
  bundle_epg bundle_e bundle_ep bundle_epg > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_ep bundle_epg; do
  for shape in "16 9" "8 1"; do
    echo "== $b trace TP/B $shape, last of 40 steps"
    (cd $b && timeout 30 ./profile_step fused $shape 40 1 trace 2>&1 | grep -E "per step|entry|dependency|ready|MMAs done|partials|published|grid barrier|pushed|rror|imeout")
  done
done
for tp in 16 8; do
  echo "== bundle_epub trace TP$tp B=9, last of 40 steps"
  (cd bundle_epub && timeout 30 ./profile_step fused $tp 9 40 1 trace 2>&1 | grep -vE "^ *$" | tail -16)
done
(cd "$out" && tar czf logs.tgz ab ab.txt bundle_ep bundle_epg && rm -rf ab bundle_ep bundle_epg)
