#!/usr/bin/env bash
# Run 29, call 3 (perf/RESULTS.md): p (call 2's kept candidate: the owners' scalars in
# shared memory), p2 (a43deb7: every parameter the consumers read after the gate/up loop
# from the shared-memory copy, LateParams) and p2u (de5b8da: p2 + call 2's u, the stage
# addresses broadcast from lane 0) against bundle_base (2ecf803): 1-GPU tests of p2 and
# p2u, traces of TP16 B=9 and TP8 B=9 (base, p2), then an A/B twice.
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_p2 bundle_p2u; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
    tools/gpu_check.sh "$out/check_$b" 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL"
done
for b in bundle_base bundle_p2; do
  for shape in "16 9" "8 9"; do
    echo "== $b trace TP/B $shape, last of 40 steps"
    (cd $b && timeout 30 ./profile_step fused $shape 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|partials|published|grid barrier|first down|pushed|rror|imeout")
  done
done
BATCHES=1,9,16,32,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_base bundle_p bundle_p2 \
  bundle_p2u bundle_base bundle_p bundle_p2 bundle_p2u > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
(cd "$out" && tar czf ab.tgz ab ab.txt && rm -rf ab check_*)
