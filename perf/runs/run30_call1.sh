#!/usr/bin/env bash
# Run 30, call 1 (perf/RESULTS.md): bench --dims deepseek (new) and three candidates
# against main (bundle_main = 15e8e5c):
#   spin   (branch r30_spin): the grid barrier's spin reads relaxed, one acquire load at
#          the end (no L1 invalidation per poll while the consumers exchange and
#          release h on the same SM);
#   et64   (branch r30_et64): the early PDL trigger up to N = 64 (where the down tile
#          fits the ring: TP8 design N = 64, both DeepSeek tps at N = 64);
#   n64one (branch r30_n64one): one CTA per SM at every N = 64 (the rule of run 29 off;
#          at the DeepSeek dims it applies and was never timed).
# 1-GPU tests of spin and et64, A/B twice at the design dims and at the DeepSeek dims,
# and main's whole DeepSeek table twice.
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_main bundle_spin bundle_et64 bundle_n64one; do echo "$b $(cat $b/COMMIT)"; done
for b in bundle_spin bundle_et64; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
    tools/gpu_check.sh "$out/check_$b" 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL"
done
BATCHES=9,16,32,48,64 tools/gpu_ab.sh "$out/ab" bundle_main bundle_spin bundle_et64 \
  bundle_main bundle_spin bundle_et64 > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
BENCH_ARGS="--dims deepseek" BATCHES=9,16,32,48,64 tools/gpu_ab.sh "$out/abds" bundle_main \
  bundle_et64 bundle_n64one bundle_main bundle_et64 bundle_n64one > "$out/abds.txt" 2>&1
grep -E "^==|^exit" "$out/abds.txt"
echo "== main, --dims deepseek, every batch, twice"
(cd bundle_main && timeout 200 ./bench --dims deepseek --table-only --repeat 2 \
  --csv "$out/bench_deepseek.csv" > "$out/deepseek.txt" 2> "$out/deepseek.err"; echo "exit $?")
cat "$out/deepseek.txt"
(cd "$out" && tar czf ab.tgz ab abds && rm -rf ab abds check_*)
