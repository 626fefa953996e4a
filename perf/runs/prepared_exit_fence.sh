#!/usr/bin/env bash
# Prepared in run 28 (no device time left then), run in run 29 call 1 (run29_call1.sh): how
# long the pushes take to become visible at the end of a step
# (docs/experiments/exit_fence.patch: after the last push's named barrier, thread 0
# stamps after __threadfence() and after __threadfence_system(); tracing builds only),
# against the gap from the last push to the next grid's dependency wait. bundle_xf =
# HEAD + the patch (tools/bundle.sh bundle_xf ab).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_xf/COMMIT
for shape in "16 9" "8 9" "16 32"; do
  echo "== bundle_xf trace TP/B $shape, last of 40 steps"
  (cd bundle_xf && timeout 30 ./profile_step fused $shape 40 1 trace 2>&1 | grep -E "per step|entry|dependency|MMAs done|grid barrier|pushed|fenced|rror|imeout")
done
