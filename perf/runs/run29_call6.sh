#!/usr/bin/env bash
# Run 29, call 6 (perf/RESULTS.md): two candidates against main (bundle = b05cd0f):
#   n64 (branch r29_n64x2): two CTAs per SM also at N = 64 (B = 33..64), 5 ring stages
#       of 16 KB instead of 12 at one CTA per SM, so that the next step's grid is
#       resident beside this one there too;
#   pf (branch r29_pf): the producer asks L2 for the next ring's worth of gate/up blocks
#       right after its x loads (at TP8 B=9 fill 10 waits ~0.8 us for its refill).
# 1-GPU tests of both, traces of TP8 B=9 (main, pf) and TP16 B=64 (main, n64), A/B twice.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_n64/COMMIT bundle_pf/COMMIT
for b in bundle_n64 bundle_pf; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
    tools/gpu_check.sh "$out/check_$b" 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL"
done
for run in "bundle 8 9" "bundle_pf 8 9" "bundle 16 64" "bundle_n64 16 64"; do
  set -- $run
  echo "== $1 trace TP/B $2 $3, last of 40 steps"
  (cd $1 && timeout 30 ./profile_step fused $2 $3 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|partials|published|grid barrier|first down|pushed|rror|imeout")
done
BATCHES=1,9,16,32,48,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle bundle_n64 bundle_pf \
  bundle bundle_n64 bundle_pf > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
(cd "$out" && tar czf ab.tgz ab ab.txt && rm -rf ab check_*)
