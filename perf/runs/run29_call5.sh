#!/usr/bin/env bash
# Run 29, call 5 (perf/RESULTS.md): EXPERIMENT hpoll (bundle_hp, branch r29_hpoll): h
# published by its data where every down stage is early and N <= 16 (TP16 B <= 16, TP8
# B <= 8): the owners store h (-0 as +0) with relaxed stores into one of two polled
# parities, the down consumers poll it into their stages; no h release, no grid barrier,
# no h TMA. Against main (bundle = b05cd0f): 1-GPU tests of hp, traces, A/B twice.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_hp/COMMIT
BUNDLE=bundle_hp MAIN= TAIL=4 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/check_hp" 2>&1 | grep -E "^==|exit|passed|failed|FAIL|rel L2|differ|HGMMA|LDL"
for b in bundle bundle_hp; do
  for shape in "16 9" "16 1" "8 1"; do
    echo "== $b trace TP/B $shape, last of 40 steps"
    (cd $b && timeout 30 ./profile_step fused $shape 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|partials|published|grid barrier|first down|pushed|rror|imeout")
  done
done
BATCHES=1,8,9,16,32 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle bundle_hp bundle bundle_hp \
  > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
(cd "$out" && tar czf ab.tgz ab ab.txt check_hp && rm -rf ab check_hp)
