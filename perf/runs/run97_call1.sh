#!/usr/bin/env bash
# Run 97 call 1 (stop 81): EXIT DRAIN (r97_exit_drain, bundle_xd) against main with LATE IN
# REGISTERS merged (bundle_m, 519f5fd). Run 96 measured DRAIN AFTER TIMEOUT (r96_drain),
# which bounded every wait after a timeout to 100 us past it: 0.12-0.15 us slower at TP8
# B = 9, 16 and 0.1 at B = 64 with no change to a healthy step's logic. EXIT DRAIN leaves the
# waits' code as main's and drains once, as a thread that gave up leaves (Watchdog's
# destructor, out of line; copy issuers also where the error flag is set as they leave);
# ptxas gives every kernel main's register count.
# On any card: memcheck over bundle_xd's watchdog_gpu_test, then tools/gpu_candidates.sh
# runs bundle_xd's fused, split, mailbox and watchdog tests and the SASS check; on an H200
# only (AB_CARD; AB_CARD=H100 on an H100) main, bundle_xd and run 96's bundle_dr (from
# run96.tar.xz: the slowdown EXIT DRAIN should not have, measured again in the same run)
# twice in one run (B = 9, 16, 17, 24, 25, 32, 64; bundle_xd's cells must equal main's).
# Build (here): tools/bundle.sh bundle_m ab on main; tools/bundle.sh bundle_xd ab on
# r97_exit_drain; rm -f bundle_pack/run97.tar.xz; tar cJf bundle_pack/run97.tar.xz
# bundle_m bundle_xd.                                             carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run97.tar.xz
tar xJf bundle_pack/run96.tar.xz bundle_dr
(cd bundle_xd && LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib \
  SHX_WATCHDOG_MS=1000 timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 \
  --print-limit 20 ./watchdog_gpu_test) > $OUT/watchdog_memcheck.log 2>&1
echo "watchdog_gpu_test (bundle_xd) under memcheck: exit $?" | tee $OUT/call.txt
grep -E "ERROR SUMMARY" $OUT/watchdog_memcheck.log | tee -a $OUT/call.txt
MAIN=bundle_m CANDIDATES="bundle_xd bundle_dr" TESTS_OF=bundle_xd EXTRA_TESTS=watchdog_gpu_test \
  AB_CARD=${AB_CARD:-H200} \
  BATCHES=9,16,17,24,25,32,64 timeout 400 tools/gpu_candidates.sh $OUT/c 2>&1 | tee -a $OUT/call.txt
echo "done after $SECONDS s" | tee -a $OUT/call.txt
