#!/usr/bin/env bash
# Run 94's third device command (stop 78): the tail reads the op's error flag with the
# watchdog off too (ops/baseline.cu; a review found a tail that waited for ever behind a
# fused kernel that refused misaligned shared memory with watchdog_ms = 0). The tests that
# run the tail: watchdog_gpu_test (with its new case 3, the flag set with the watchdog
# off), mailbox_gpu_test, the fused, split and baseline group tests on one GPU and
# api_gpu_test. (The benchmark's one-GPU tables time no tail: no timing here.)
# Build (here): `tools/bundle.sh bundle_tailfix`; then
#   tar cJf bundle_pack_r94t/tailfix.tar.xz bundle_tailfix/{COMMIT,watchdog_gpu_test,\
#   mailbox_gpu_test,group_fused_1gpu_test,group_split_1gpu_test,group_baseline_1gpu_test,\
#   api_gpu_test}                                               carry: bundle_pack_r94t
{ date -u; tar xJf bundle_pack_r94t/tailfix.tar.xz; cat bundle_tailfix/COMMIT; nvidia-smi -L; } 2>&1 |
  tee $OUT/call4.txt
BUNDLE=bundle_tailfix TAIL=6 TEST_TIMEOUT=120 bash -c 'source tools/gpu_env.sh $OUT/t4 &&
  run_bundle_tests watchdog_gpu_test mailbox_gpu_test group_fused_1gpu_test \
    group_split_1gpu_test group_baseline_1gpu_test api_gpu_test' 2>&1 | tee -a $OUT/call4.txt
grep -h "watchdog off" $OUT/t4/watchdog_gpu_test.log | tee -a $OUT/call4.txt
(cd $OUT && tar czf t4.tgz t4 && rm -rf t4)
echo "call 4 done after $SECONDS s" | tee -a $OUT/call4.txt
