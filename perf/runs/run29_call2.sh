#!/usr/bin/env bash
# Run 29, call 2 (perf/RESULTS.md): three candidates against the current kernel
# (bundle_base = 2ecf803; all ab bundles):
#   p  (7ae66e0): the owners' scalars in shared memory, copied in the prologue (call 1:
#      three serial constant-cache misses on the parameter bank after the gate/up loop);
#   u  (aa5e382): the stage's shared addresses broadcast from lane 0 (__shfl_sync) before
#      the wgmma descriptors are built, so that ptxas may keep them in uniform registers
#      (call 1's SASS: 16 R2UR a fill);
#   u2 (b4f6810): the same with the stage index broadcast.
# SASS counts of the N = 16 fused kernel, the 1-GPU tests of each candidate, then an
# A/B twice.
set -u
source tools/gpu_env.sh "$OUT"
for b in bundle_base bundle_p bundle_u bundle_u2; do
  cuobjdump --dump-sass -fun '_ZN3shx5fused40_GLOBAL__N__a1f4aaad_8_fused_cu_cddb773919shared_expert_fusedILi16ELNS1_4ModeE0EEEv14CUtensorMap_stS4_S4_S4_14shx_fused_plan14shx_fused_args' \
    $b/profile_step > "$out/$b.sass" 2>&1
  echo "$b $(cat $b/COMMIT): instructions $(grep -cE '^\s+/\*[0-9a-f]{4}\*/' "$out/$b.sass") R2UR $(grep -c R2UR "$out/$b.sass") HGMMA $(grep -c HGMMA "$out/$b.sass") SHFL $(grep -c SHFL "$out/$b.sass") LDL/STL $(grep -cE 'LDL|STL' "$out/$b.sass")"
done
for b in bundle_p bundle_u bundle_u2; do
  BUNDLE=$b MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
    tools/gpu_check.sh "$out/check_$b" 2>&1 | grep -E "^==|exit|passed|failed"
done
BATCHES=1,9,16,32,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_base bundle_p bundle_u \
  bundle_u2 bundle_base bundle_p bundle_u bundle_u2 > "$out/ab.txt" 2>&1
grep -E "^==|^exit" "$out/ab.txt"
(cd "$out" && tar czf ab.tgz ab ab.txt *.sass && rm -rf ab *.sass check_*)
