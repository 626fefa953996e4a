#!/usr/bin/env bash
# Run 27, call 2 (perf/RESULTS.md): where the tail's time goes. bundle_trace = 1feedc2 +
# docs/experiments/block_trace.patch (per-fill stamps); bundle_head = 1feedc2. Per-fill
# tables at TP8 and TP16 B=9 (one launch, and the last of 40 steps), and the SASS of the
# N = 16 fused kernel (to read the owners' reduction between the received wait and the
# h store).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_trace/COMMIT bundle_head/COMMIT
for tp in 8 16; do
  for steps in 1 40; do
    echo "== trace TP$tp B=9 steps $steps"
    (cd bundle_trace && timeout 30 ./profile_step fused $tp 9 $steps 1 trace 2>&1 | grep -vE "^CTA")
  done
done
cuobjdump --dump-sass bundle_head/group_fused_1gpu_test > "$out/all.sass" 2>&1
awk '/Function : .*shared_expert_fusedILi16ELNS1_4ModeE0/{p=1} p && /Function : / && !/shared_expert_fusedILi16ELNS1_4ModeE0/{p=0} p' \
  "$out/all.sass" > "$out/fused16.sass"
wc -l "$out/fused16.sass"
gzip -9 "$out/fused16.sass"; rm -f "$out/all.sass"
