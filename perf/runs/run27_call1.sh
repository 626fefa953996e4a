#!/usr/bin/env bash
# Run 27, call 1 (perf/RESULTS.md): the down loop's last ring without a handshake per
# fill (ring::refilled_fills: only fills whose stage is filled again are waited for and
# released). bundle_head = 1feedc2, bundle_cand = + that change, bundle_diag = the
# candidate + trace points inside the h release (docs/experiments/publish_trace.patch).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_head/COMMIT bundle_cand/COMMIT bundle_diag/COMMIT
BUNDLE=bundle_cand MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/cand" 2>&1 | grep -vE "^(name|NVIDIA)" 
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_head bundle_cand \
  bundle_head bundle_cand > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_head bundle_cand bundle_diag; do
  for tp in 8 16; do
    echo "== $b trace TP$tp B=9 one launch"
    (cd $b && timeout 30 ./profile_step fused $tp 9 1 1 trace 2>&1 | head -20)
  done
done
echo "== bundle_diag trace TP8 B=9, last of 40 steps"
(cd bundle_diag && timeout 30 ./profile_step fused 8 9 40 1 trace 2>&1 | head -20)
tar czf "$out/ab.tgz" -C "$out" ab ab.txt cand && rm -rf "$out/ab" "$out/cand"
