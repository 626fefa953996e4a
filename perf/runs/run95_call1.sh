#!/usr/bin/env bash
# Run 95 call 1 (stop 79): main at fe2748d on one GPU, the checks stop 78 could not run.
#  1. tools/gpu_suite.sh: every one-GPU test (watchdog_gpu_test as changed after run 94
#     command 3 among them: its cases 1 and 3 share missing_source_begin and
#     missing_source_recovers; case 3 checks that shx_check_device's message names the
#     alignment cause) and the main job.
#  2. compute-sanitizer memcheck over watchdog_gpu_test (the new tail included), as run
#     86 call 2 did over the old one.
#  3. The same test built with run 94's tail change reverted (ops/baseline.cu as before
#     b2740ae; watchdog_gpu_test_oldtail): case 3 must fail there (its tail waits for
#     ever with the watchdog off; the test's alarm(30) ends it).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run95.tar.xz bundle; bazel build //graphs:watchdog_gpu_test with
#   `git show b2740ae -- ops/baseline.cu | git apply -R`, copied to
#   bundle_wd/watchdog_gpu_test_oldtail (then `git checkout ops/baseline.cu`).
#                                                   carry: bundle_pack, bundle_wd
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
PACK=bundle_pack/run95.tar.xz TEST_TIMEOUT=150 MAIN_TIMEOUT=120 \
  timeout 430 tools/gpu_suite.sh $OUT/suite
echo "gpu_suite exit $? after $SECONDS s" | tee $OUT/call.txt
(cd bundle && SHX_WATCHDOG_MS=1000 timeout 90 compute-sanitizer --tool memcheck \
  --error-exitcode 9 --print-limit 20 ./watchdog_gpu_test) > $OUT/watchdog_memcheck.log 2>&1
echo "watchdog_gpu_test under memcheck: exit $? after $SECONDS s" | tee -a $OUT/call.txt
grep -E "ERROR SUMMARY|not NaN|watchdog|ended after" $OUT/watchdog_memcheck.log | tee -a $OUT/call.txt
timeout 60 bundle_wd/watchdog_gpu_test_oldtail > $OUT/watchdog_oldtail.log 2>&1
echo "watchdog_gpu_test on the old tail: exit $? after $SECONDS s (must fail)" | tee -a $OUT/call.txt
tail -5 $OUT/watchdog_oldtail.log | tee -a $OUT/call.txt
