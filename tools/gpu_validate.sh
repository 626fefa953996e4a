#!/usr/bin/env bash
# Validation on a GPU host (two GPUs for the cross-GPU tests), from the repository root
# with a bundle made by tools/bundle.sh: the 2-GPU group tests, the 100-replay mailbox
# determinism test, and compute-sanitizer (memcheck, racecheck, synccheck) at TP8 B=16
# (SANITIZER_SHAPE="tp B" picks another) of the fused, split and baseline variants: a
# graph of SANITIZER_STEPS steps (default 2, both parities: a fused step of parity 1 runs
# in a memory synchronization domain of its own, ops/fused.cu SYNC DOMAINS).
#   tools/gpu_validate.sh [OUTDIR]
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh"
TAIL=${TAIL:-6} run_bundle_tests ${TESTS:-mailbox_gpu_test group_baseline_2gpu_test \
  group_fused_2gpu_test group_split_2gpu_test}
cd "$bundle"
# One replay (SHX_REPLAYS=1) of the graph per tool and variant. Under racecheck and
# synccheck every launch is far slower, so the watchdog there is SANITIZER_WATCHDOG_MS
# (default 5000 ms; with 20 ms even the split variant's mbarrier waits gave up, run 16).
# Under racecheck some waits still time out (runs 16, 17 and 19); a kernel whose wait gave
# up goes on through every phase, so every shared-memory access is still made and
# checked, and the log ends in SHX_DEVICE_TIMEOUT, reported below; synccheck's runs end
# the same way (run 24: 0 errors). Keep the watchdog short under the tools: with 60 s a
# synccheck step did not finish in 200 s.
for tool in ${SANITIZERS:-synccheck memcheck racecheck}; do
  for variant in ${SANITIZED:-split fused baseline}; do
    watchdog_ms=1000
    [ "$tool" != memcheck ] && watchdog_ms=${SANITIZER_WATCHDOG_MS:-5000}
    shape=${SANITIZER_SHAPE:-8 16}
    echo "== compute-sanitizer --tool $tool: $variant tp/B $shape (watchdog $watchdog_ms ms)"
    log="$out/sanitizer_${tool}_${variant}_${shape// /_}.log"
    # synccheck tracks a fixed number of mbarriers per block unless told: the ring has
    # 96 (2 x kBarrierSlots, ops/ring.h), beyond its automatic count (run 24).
    extra=""; [ "$tool" = synccheck ] && extra="--num-cuda-barriers 1024"
    SHX_REPLAYS=1 SHX_WATCHDOG_MS=$watchdog_ms timeout ${SANITIZER_TIMEOUT:-300} \
      compute-sanitizer --tool "$tool" $extra --error-exitcode 9 --print-limit 20 \
      ./profile_step $variant $shape ${SANITIZER_STEPS:-2} > "$log" 2>&1
    echo "exit $? after $SECONDS s"
    # The summary lines on their own, so that many distinct hazard lines cannot push them
    # out of the six lines shown after them.
    grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$log"
    grep -E "us per step|timed out|TIMEOUT|error detected|Warning" "$log" | sort | uniq -c |
      tail -6
  done
done
