#!/usr/bin/env bash
# Run 27, call 6 (perf/RESULTS.md): a shorter per-fill instruction path in mma_blocks
# (call 5: the loop is a dependent chain of about 75 instructions a fill). bundle_v1 =
# 966762a + scale-d a constant 1 (the chains start at zero) + the trace test out of the
# loop; bundle_head = 1feedc2 (same device code as 966762a).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_head/COMMIT bundle_v1/COMMIT
BUNDLE=bundle_v1 MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/v1" 2>&1 | grep -vE "^(name|NVIDIA)"
for b in bundle_head bundle_v1; do
  cuobjdump --dump-sass $b/group_fused_1gpu_test > "$out/$b.sass" 2>&1
  echo "$b: R2UR $(grep -c R2UR "$out/$b.sass") VOTEU $(grep -c VOTEU "$out/$b.sass") HGMMA $(grep -c HGMMA "$out/$b.sass")"
done
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_head bundle_v1 \
  bundle_head bundle_v1 > "$out/ab.txt" 2>&1
grep -E "^==|^exit|^ +(8|16) +(1|9|16|32|64|128) " "$out/ab.txt"
for b in bundle_head bundle_v1; do
  echo "== $b trace TP16 B=9, last of 40 steps"
  (cd $b && timeout 30 ./profile_step fused 16 9 40 1 trace 2>&1 | grep -vE "^CTA")
done
awk '/Function : .*shared_expert_fusedILi16ELNS1_4ModeE0/{p=1} p && /Function : / && !/shared_expert_fusedILi16ELNS1_4ModeE0/{p=0} p' \
  "$out/bundle_v1.sass" | gzip -9 > "$out/v1_fused16.sass.gz"
rm -f "$out"/*.sass
tar czf "$out/ab.tgz" -C "$out" ab ab.txt v1 && rm -rf "$out/ab" "$out/v1"
