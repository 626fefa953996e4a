#!/usr/bin/env bash
# Run 27, call 13 (perf/RESULTS.md): fewer accumulator chains in the down K loop only
# (fused and SharedDown; gate/up keeps four at N <= 16). bundle_v4 = 079e983's device
# code (HEAD); bundle_d16c2 = two down chains at N = 16; bundle_d8c2 = two at N = 8, 16;
# bundle_d16c1 = one at N = 8, 16 (/tmp patch recorded as docs/experiments/down_chains.patch).
# bundle_dc = HEAD + docs/experiments/down_cycles.patch (cycles per part of the down loop).
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_v4 bundle_d16c2 bundle_d8c2 bundle_d16c1 bundle_dc; do echo "$b $(cat $b/COMMIT)"; done
for b in bundle_d16c2 bundle_d8c2 bundle_d16c1; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test mailbox_gpu_test" \
    tools/gpu_check.sh "$out/$b" 2>&1 | grep -E "^==|exit|passed|failed"
done
BATCHES=1,9,16,32 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_v4 bundle_d16c2 \
  bundle_d8c2 bundle_d16c1 bundle_v4 bundle_d16c2 bundle_d8c2 bundle_d16c1 > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32) " "$out/ab.txt"
for cfg in "16 1" "16 9" "16 64" "8 9"; do
  set -- $cfg
  echo "== down cycles TP$1 B=$2, last of 40 steps"
  (cd bundle_dc && timeout 30 ./profile_step fused $1 $2 40 1 trace 2>&1 | grep -E "per step|grid barrier|first down|down loop")
done
(cd "$out" && tar czf ab.tgz ab ab.txt bundle_d* && rm -rf ab bundle_d*)
