#!/usr/bin/env bash
# Prepared in stop 72 (no device was lent): GAVE UP, a candidate on branch r87_nan (9ea20a1)
# (docs/experiments/gave_up.patch, on main 596336e's kernels; reviewed twice, by
# helper-100 and helper-101, and revised). Once any thread of a fused or split kernel's
# CTA gave up, the CTA's shared flag makes its partials, h and pushes NaN; a producer or
# refill issuer that gave up issues no more loads (no h after the grid barrier), so the
# consumers' waits give up too; a launch that finds the op's flag already set (an
# earlier step gave up, not yet recovered) pushes NaN too (ops/fused.cu GAVE UP). Today
# a fused kernel whose grid barrier timed out pushes whatever its stale h gives, which
# the other ranks' tails sum as values. The candidate's PTX differs (a shared-memory
# read and a select at each h store, partial and push, a branch after each producer
# wait, the flag read at the start); ptxas: most instances one register more than
# main's, up to 9 (the fused N = 24 in clusters of 16: 74 -> 83; kFusedX 86 -> 87), no
# spills, no stack.
# One call (one H200 is enough; about 370 s by run 86 call 1's test times):
#  1. the candidate's tests that touch the change: watchdog_gpu_test (it now also checks
#     that a step run while rank 0's flag is set has rank 0 push NaN to every rank (fused,
#     and since 9ea20a1 split too, SharedDown's flag read, the flag set by hand), that
#     after rank 0's stuck grid barrier every 64-column tile that a gate/up CTA pushed is
#     NaN in every rank's output, and that the stuck step ends within 3
#     watchdogs: expected about 2, the consumers' own bound), the
#     1-GPU fused and split groups, mailbox (100 replays bitwise), dims (every variant
#     at other dims and tps) and neighbour (fused steps that time out beside a held GPU,
#     and the recovery after each);
#  2. the same watchdog_gpu_test built with main's ops/fused.cu (bundle_nofix): it must
#     fail at the first new check (main's rank 0 pushes values), else it shows nothing;
#  3. the SASS of the candidate (HGMMA present, no LDL/STL);
#  4. memcheck over the candidate's watchdog_gpu_test (SHX_WATCHDOG_MS=1000);
#  5. the A/B, main (bundle, the ab set) against the candidate, alternated, two rounds at
#     the design dims B = 9, 16, 32, 64 and one at the DeepSeek dims.
# Keep it only if every check passes and the A/B is within the spread (about 0.05 us);
# then run prepared_run87_gave_up_clean.sh (the sanitizers on the candidate) before
# merging r87_nan, and record both in perf/RESULTS.md. After merging, put the measured
# times of the stuck grid barrier (about 0.1 s before, expected about 0.2 s) in
# graphs/watchdog_gpu_test's check_elapsed comment, docs/integration.md's watchdog
# paragraph, README.md and docs/history.md, and the A/B where ops/fused.cu GAVE UP says
# it is pending.
# Build first (here, with Bazel, about 5 minutes; where the branch is gone, make it:
# git checkout -b r87_nan main && git apply docs/experiments/gave_up.patch && git commit -am
# "GAVE UP"):
#   git checkout r87_nan && tools/bundle.sh bundle_nan
#   git show main:ops/fused.cu > ops/fused.cu && bazel build //graphs:watchdog_gpu_test
#   mkdir -p bundle_nofix && cp bazel-bin/graphs/watchdog_gpu_test bundle_nofix/
#   git checkout ops/fused.cu && git checkout main && tools/bundle.sh bundle ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/run87_nan.tar.xz bundle bundle_nan bundle_nofix
# carry: bundle_pack (about 3 MB)
{
date -u
tar xJf bundle_pack/run87_nan.tar.xz && cat bundle/COMMIT bundle_nan/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for t in watchdog_gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test \
  dims_gpu_test neighbour_gpu_test; do
  (cd bundle_nan && timeout 200 ./$t > $OUT/nan_$t.log 2>&1)
  echo "candidate $t: exit $? after $SECONDS s"
  grep -E "NaN|SHX_DEVICE_TIMEOUT|bitwise|watchdog:" $OUT/nan_$t.log | head -20
  tail -2 $OUT/nan_$t.log
done 2>&1 | tee -a $OUT/call.txt
(cd bundle_nofix && timeout 100 ./watchdog_gpu_test > $OUT/nofix_watchdog.log 2>&1)
echo "main's kernel under the new watchdog_gpu_test: exit $? (expected 1)" | tee -a $OUT/call.txt
grep -E "NaN|CHECK|failed" $OUT/nofix_watchdog.log | head -8 | tee -a $OUT/call.txt
{
cuobjdump --dump-sass bundle_nan/group_fused_1gpu_test > sass.txt 2>&1
echo "HGMMA in the candidate's group_fused_1gpu_test: $(grep -c HGMMA sass.txt)"
echo "LDL/STL in it: $(grep -cE '\b(LDL|STL)\b' sass.txt)"
rm -f sass.txt
} 2>&1 | tee -a $OUT/call.txt
(cd bundle_nan && SHX_WATCHDOG_MS=1000 timeout 300 compute-sanitizer --tool memcheck \
  --error-exitcode 9 --print-limit 20 ./watchdog_gpu_test) > $OUT/nan_watchdog_memcheck.log 2>&1
echo "candidate watchdog_gpu_test under memcheck: exit $? after $SECONDS s" | tee -a $OUT/call.txt
grep -E "ERROR SUMMARY|NaN|watchdog:" $OUT/nan_watchdog_memcheck.log | tee -a $OUT/call.txt
for round in 1 2; do
  BATCHES=9,16,32,64 tools/gpu_ab.sh $OUT/d$round bundle bundle_nan | grep -v "^ *$"
done 2>&1 | tee -a $OUT/call.txt
BATCHES=9,16,32,64 BENCH_ARGS="--dims deepseek" tools/gpu_ab.sh $OUT/s1 bundle bundle_nan |
  grep -v "^ *$" | tee -a $OUT/call.txt
(cd $OUT && rm -f */*.err && tar czf ab.tgz d1 d2 s1 && rm -rf d1 d2 s1 &&
  tar czf logs.tgz *.log && rm -f *.log)
echo "done after $SECONDS s" | tee -a $OUT/call.txt
