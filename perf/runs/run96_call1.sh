#!/usr/bin/env bash
# Run 96 call 1 (stop 80, no device then): two candidates, each on its branch.
#  - LATE IN REGISTERS at N = 24, 32 as an instance of its own (r96_late_instance,
#    bundle_li: kFusedLate; every other kernel's PTX is main's and kFusedLate's is
#    r95_late_regs's kFused at N = 24, 32, the kernels run 95 measured on H100s).
#  - DRAIN AFTER TIMEOUT (r96_drain, bundle_dr): once a thread's watchdog gave up, its later
#    mbarrier waits wait until 100 us after that instead of returning at once (error path
#    only; every instance's PTX changes, registers do not).
# On any card: each candidate's fused, split and mailbox tests and the SASS check
# (group_fused_1gpu_test of bundle_li also checks which instance each plan launches),
# bundle_dr's watchdog_gpu_test, and memcheck over it. On an H200 only (run 94's lesson: an
# H100 does not judge a change in when weights are asked for): main, bundle_li and bundle_dr
# twice in one run (B = 9, 16, 17, 24, 25, 32, 64; outside TP8 B = 17..32 bundle_li must
# equal main, bundle_dr everywhere) and limits at TP8 B = 24, 32. After a call that ran the
# tests on another card, `SKIP_TESTS=1 bash perf/runs/run96_call1.sh` runs the A/B alone.
# Build (here): tools/bundle.sh bundle_m ab on main; on r96_late_instance
# tools/bundle.sh bundle_li ab; on r96_drain tools/bundle.sh bundle_dr ab, then
# bazel build //graphs:watchdog_gpu_test and cp bazel-bin/graphs/watchdog_gpu_test
# bundle_dr/; rm -f bundle_pack/*; tar cJf bundle_pack/run96.tar.xz bundle_m bundle_li
# bundle_dr.                                                      carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run96.tar.xz && cat bundle_m/COMMIT bundle_li/COMMIT bundle_dr/COMMIT |
  tee -a $OUT/head.txt
if [ -z "${SKIP_TESTS:-}" ]; then  # SKIP_TESTS=1: the A/B alone (tests ran in an earlier call)
  for b in bundle_li bundle_dr; do
    tests="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test"
    [ $b = bundle_dr ] && tests="$tests watchdog_gpu_test"
    BUNDLE=$b MAIN= TAIL=2 TESTS="$tests" timeout 200 tools/gpu_check.sh $OUT/check_$b 2>&1 |
      grep -E "^==|exit|passed|failed|HGMMA|LDL|as planned" | tee -a $OUT/call.txt
  done
  export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
  (cd bundle_dr && SHX_WATCHDOG_MS=1000 timeout 90 compute-sanitizer --tool memcheck \
    --error-exitcode 9 --print-limit 20 ./watchdog_gpu_test) > $OUT/watchdog_memcheck.log 2>&1
  echo "watchdog_gpu_test (bundle_dr) under memcheck: exit $? after $SECONDS s" |
    tee -a $OUT/call.txt
  grep -E "ERROR SUMMARY" $OUT/watchdog_memcheck.log | tee -a $OUT/call.txt
fi
if ! nvidia-smi -L | grep -q H200; then
  echo "not an H200: no A/B (done after $SECONDS s)" | tee -a $OUT/call.txt
  exit 0
fi
BATCHES=9,16,17,24,25,32,64 timeout 240 tools/gpu_ab.sh $OUT/ab bundle_m bundle_li bundle_dr \
  bundle_dr bundle_li bundle_m 2>&1 | grep -E "^==|exit|^ +(8|16) +[0-9]+ \|" | tee -a $OUT/call.txt
for b in bundle_m bundle_li; do
  echo "== limits $b" | tee -a $OUT/call.txt
  BUNDLE=$b CELLS="8 24;8 32" timeout 60 tools/limits.sh $OUT/limits_$b 2>&1 | grep '^| 8' |
    tee -a $OUT/call.txt
done
echo "done after $SECONDS s" | tee -a $OUT/call.txt
