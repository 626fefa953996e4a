#!/usr/bin/env bash
# Run 27, call 7 (perf/RESULTS.md): the per-fill pace at N = 8, 16, 32 (block_trace
# build of 1feedc2, bundle_trace), and bundle_v1b = bundle_v1 with two accumulator
# chains at N = 16 (call 3: 198 cycles a block with handshakes against 274 with four).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_v1/COMMIT bundle_v1b/COMMIT bundle_trace/COMMIT
for tp in 16 8; do
  for b in 1 9 32; do
    echo "== trace TP$tp B=$b, last of 40 steps"
    (cd bundle_trace && timeout 30 ./profile_step fused $tp $b 40 1 trace > "$out/trace_${tp}_${b}.txt" 2>&1)
    grep -E "grid barrier|first down|pushed" "$out/trace_${tp}_${b}.txt"
    grep -E "^[0-9]+ " "$out/trace_${tp}_${b}.txt" | tail -13 | awk '{printf "%s:%s(%s) ", $1, $3, $5} END {print ""}'
  done
done
BUNDLE=bundle_v1b MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/v1b" 2>&1 | grep -E "^==|exit|passed|failed"
BATCHES=1,9,16,32 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_v1 bundle_v1b \
  bundle_v1 bundle_v1b > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32) " "$out/ab.txt"
tar czf "$out/ab.tgz" -C "$out" ab ab.txt v1b trace_*.txt && rm -rf "$out/ab" "$out/v1b" "$out"/trace_*.txt
