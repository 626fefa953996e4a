#!/usr/bin/env bash
# Run 87 call 2: where GAVE UP's cost comes from (run 87 call 1: the candidate 9ea20a1
# passed every check but was 0.25-0.68 us slower than main at the design TP8, 0.04-0.21
# at TP16). Ablations of the candidate's ops/fused.cu, each a diagnostic that leaves one
# part out (built in a worktree of r87_nan, not committed):
#   bundle_x1: no flag read at the launch's start (flagged_before always 0);
#   bundle_x2: no producer / refill issuer / SharedDown producer stop after a give-up
#              (the six `if (watchdog.gave_up) break/return` and the return after the
#              grid barrier);
#   bundle_x3: no NaN decisions (cta_gave_up_seen() false: no NaN partials, h or
#              pushes); the flag read and fire()'s shared store stay;
#   bundle_x4: x2's stops removed only before the grid barrier (the gate/up loop, the
#              refill issuer, the early down loads); those after it kept.
# The A/B (main, candidate, x1 to x4; two rounds, design dims B = 9, 16, 32, 64), then
# tools/limits.sh at TP8 B = 32 and TP16 B = 64 for main and the candidate (the phases).
# Build first (here): the ablations as above, bench and profile_step of each into
#   bundle_x1..3; tar cJf bundle_pack_ablate/run87_ablate.tar.xz bundle/{COMMIT,bench,
#   profile_step} bundle_nan/{COMMIT,bench,profile_step} bundle_x1 bundle_x2 bundle_x3
#   bundle_x4
# carry: bundle_pack_ablate (about 2 MB)
{
date -u
tar xJf bundle_pack_ablate/run87_ablate.tar.xz && cat bundle*/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
for round in 1 2; do
  BATCHES=9,16,32,64 tools/gpu_ab.sh $OUT/d$round bundle bundle_nan bundle_x1 bundle_x2 \
    bundle_x3 bundle_x4 | grep -v "^ *$"
done 2>&1 | tee -a $OUT/call.txt
for b in bundle bundle_nan; do
  echo "== limits, $b"
  BUNDLE=$b CELLS="8 32;16 64" tools/limits.sh $OUT/l_$b
done 2>&1 | tee -a $OUT/call.txt
(cd $OUT && rm -f */*.err && tar czf ab.tgz d1 d2 l_* && rm -rf d1 d2 l_*)
echo "done after $SECONDS s" | tee -a $OUT/call.txt
