#!/usr/bin/env bash
# Run 96 call 2 (stop 80): DRAIN AFTER TIMEOUT (branch r96_drain, bundle_dr): once a
# thread's watchdog gave up, its later mbarrier waits wait until 100 us after that instead
# of returning at once (the stop-79 review: a CTA could exit with TMA copies or peers'
# partials into its shared memory in flight). Error path only, but every instance's PTX
# changes (registers unchanged). On any card: its fused, split, mailbox and watchdog tests
# and the SASS check, then compute-sanitizer memcheck over watchdog_gpu_test. On an H200
# only: main and bundle_dr twice in one run (B = 9, 16, 32, 64), which must be equal.
# Build (here): tools/bundle.sh bundle_m ab on main; on r96_drain tools/bundle.sh
# bundle_dr ab, then bazel build //graphs:watchdog_gpu_test and copy
# bazel-bin/graphs/watchdog_gpu_test into bundle_dr/; rm -f bundle_pack/*;
# tar cJf bundle_pack/run96_dr.tar.xz bundle_m bundle_dr.         carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run96_dr.tar.xz && cat bundle_m/COMMIT bundle_dr/COMMIT | tee -a $OUT/head.txt
BUNDLE=bundle_dr MAIN= TAIL=2 \
  TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test watchdog_gpu_test" \
  timeout 240 tools/gpu_check.sh $OUT/check_dr 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL" |
  tee $OUT/call.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle_dr && SHX_WATCHDOG_MS=1000 timeout 90 compute-sanitizer --tool memcheck \
  --error-exitcode 9 --print-limit 20 ./watchdog_gpu_test) > $OUT/watchdog_memcheck.log 2>&1
echo "watchdog_gpu_test under memcheck: exit $? after $SECONDS s" | tee -a $OUT/call.txt
grep -E "ERROR SUMMARY|ended after" $OUT/watchdog_memcheck.log | tee -a $OUT/call.txt
if nvidia-smi -L | grep -q H200; then
  BATCHES=9,16,32,64 timeout 200 tools/gpu_ab.sh $OUT/ab bundle_m bundle_dr bundle_m \
    bundle_dr 2>&1 | grep -E "^==|exit|^ +(8|16) +[0-9]+ \|" | tee -a $OUT/call.txt
else
  echo "not an H200: no A/B" | tee -a $OUT/call.txt
fi
echo "done after $SECONDS s" | tee -a $OUT/call.txt
