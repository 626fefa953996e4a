#!/usr/bin/env bash
# Run 96 call 1 (stop 80, no device then): two candidates, each on its branch.
#  - LATE IN REGISTERS at N = 24, 32 as an instance of its own (r96_late_instance,
#    bundle_li: kFusedLate; every other kernel's PTX is main's and kFusedLate's is
#    r95_late_regs's kFused at N = 24, 32, the kernels run 95 measured on H100s).
#  - DRAIN AFTER TIMEOUT (r96_drain, bundle_dr): once a thread's watchdog gave up, its later
#    mbarrier waits wait until 100 us after that instead of returning at once (error path
#    only; every instance's PTX changes, registers do not).
# On any card: memcheck over bundle_dr's watchdog_gpu_test, then tools/gpu_candidates.sh
# runs each candidate's fused, split, mailbox and watchdog tests and the SASS check
# (bundle_li's group_fused_1gpu_test also checks which instance each plan launches); on
# an H200 only (AB_CARD) main, bundle_li and bundle_dr twice in one run (B = 9, 16, 17, 24,
# 25, 32, 64; outside TP8 B = 17..32 bundle_li must equal main, bundle_dr everywhere) and
# limits at TP8 B = 24, 32. After a call that ran the tests on another card,
# `SKIP_TESTS=1 bash perf/runs/run96_call1.sh` runs the A/B alone.
# Build (here): tools/bundle.sh bundle_m ab on main; on r96_late_instance
# tools/bundle.sh bundle_li ab; on r96_drain tools/bundle.sh bundle_dr ab; rm -f
# bundle_pack/run96.tar.xz; tar cJf bundle_pack/run96.tar.xz bundle_m bundle_li bundle_dr.
#                                                                 carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run96.tar.xz
if [ -z "${SKIP_TESTS:-}" ]; then
  (cd bundle_dr && LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib \
    SHX_WATCHDOG_MS=1000 timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 \
    --print-limit 20 ./watchdog_gpu_test) > $OUT/watchdog_memcheck.log 2>&1
  echo "watchdog_gpu_test (bundle_dr) under memcheck: exit $?" | tee $OUT/call.txt
  grep -E "ERROR SUMMARY" $OUT/watchdog_memcheck.log | tee -a $OUT/call.txt
else
  export TESTS_OF=
fi
MAIN=bundle_m CANDIDATES="bundle_li bundle_dr" EXTRA_TESTS=watchdog_gpu_test AB_CARD=H200 \
  BATCHES=9,16,17,24,25,32,64 LIMIT_CELLS="8 24;8 32" timeout 480 tools/gpu_candidates.sh \
  $OUT/c 2>&1 | tee -a $OUT/call.txt
echo "done after $SECONDS s" | tee -a $OUT/call.txt
