#!/usr/bin/env bash
# Run 27, call 4 (perf/RESULTS.md): the early down fills (the first ring's worth of a
# CTA's down blocks) complete one down_ready mbarrier instead of one full barrier each,
# so the consumers wait once and then issue their MMAs without a try_wait per fill
# (call 3: a completed barrier's try_wait and the release cost ~150 cycles a fill).
# bundle_head = 1feedc2, bundle_d = + that change.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_head/COMMIT bundle_d/COMMIT
BUNDLE=bundle_d MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/d" 2>&1 | grep -vE "^(name|NVIDIA)"
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_head bundle_d \
  bundle_head bundle_d > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_head bundle_d; do
  for tp in 8 16; do
    echo "== $b trace TP$tp B=9, last of 40 steps"
    (cd $b && timeout 30 ./profile_step fused $tp 9 40 1 trace 2>&1 | grep -vE "^CTA")
  done
done
tar czf "$out/ab.tgz" -C "$out" ab ab.txt d && rm -rf "$out/ab" "$out/d"
