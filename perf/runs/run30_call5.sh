#!/usr/bin/env bash
# Run 30, call 5 (perf/RESULTS.md): two ring fills per wgmma-group and handshake round in
# the K loops (call 4: 229 -> 161 cycles a block at N = 16 with resident operands), in
# four builds: p22 (gate/up and down in pairs, branch r30_pairs), p12 (down only), p21
# (gate/up only), p11 (the refactored loop with one fill a group: should equal main),
# against main (bundle_main = 15e8e5c). 1-GPU tests of each, traces of TP16 and TP8 B=9
# (main, p22), A/B twice at the design dims and once more at the DeepSeek dims.
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_main bundle_p22 bundle_p12 bundle_p21 bundle_p11; do echo "$b $(cat $b/COMMIT)"; done
for b in bundle_p22 bundle_p12 bundle_p21 bundle_p11; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
    tools/gpu_check.sh "$out/check_$b" 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL"
done
for run in "bundle_main 16 9" "bundle_p22 16 9" "bundle_main 8 9" "bundle_p22 8 9"; do
  set -- $run
  echo "== $1 trace TP/B $2 $3, last of 40 steps"
  (cd $1 && timeout 30 ./profile_step fused $2 $3 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|partials|published|grid barrier|first down|pushed|rror|imeout")
done
BATCHES=9,16,32,64 tools/gpu_ab.sh "$out/ab" bundle_main bundle_p22 bundle_p12 bundle_p21 \
  bundle_p11 bundle_main bundle_p22 bundle_p12 bundle_p21 bundle_p11 > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
BENCH_ARGS="--dims deepseek" BATCHES=9,32,64 tools/gpu_ab.sh "$out/abds" bundle_main \
  bundle_p22 bundle_p12 bundle_main bundle_p22 bundle_p12 > "$out/abds.txt" 2>&1
grep -E "^==|^exit" "$out/abds.txt"
(cd "$out" && tar czf ab.tgz ab abds && rm -rf ab abds check_*)
