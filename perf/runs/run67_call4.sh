#!/usr/bin/env bash
# Run 67 call 4: the tail kernel gives up at once where the op's watchdog flag is already
# set (9619a1f; ops/baseline.cu changed, ops/fused.cu's PTX unchanged). Every one-GPU
# test; the new watchdog_gpu_test built against the old tail kernel (bundle_nofix, must
# fail its new assertion); compute-sanitizer memcheck on the new watchdog_gpu_test.
# Build first (here): tools/bundle.sh bundle; bundle_nofix/watchdog_gpu_test from a
#   worktree at 9619a1f with ops/baseline.cu of 9619a1f~1; rm -f bundle_pack_now/*;
#   tar cJf bundle_pack_now/run67_call4.tar.xz bundle bundle_nofix
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run67_call4.tar.xz && cat bundle/COMMIT bundle_nofix/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 30 bundle_nofix/watchdog_gpu_test > $OUT/nofix.txt 2>&1
echo "nofix watchdog_gpu_test exit $? after $SECONDS s" | tee -a $OUT/call.txt
tail -4 $OUT/nofix.txt | tee -a $OUT/call.txt
timeout 420 bundle/run_gpu_tests.sh > $OUT/tests.txt 2>&1
echo "tests exit $? after $SECONDS s" | tee -a $OUT/call.txt
grep -E "^== |passed, |flag set" $OUT/tests.txt | tee -a $OUT/call.txt
SHX_WATCHDOG_MS=1000 timeout 100 compute-sanitizer --tool memcheck \
  bundle/watchdog_gpu_test > $OUT/memcheck.txt 2>&1
echo "memcheck watchdog_gpu_test exit $? after $SECONDS s" | tee -a $OUT/call.txt
grep -E "ERROR SUMMARY|flag set" $OUT/memcheck.txt | tee -a $OUT/call.txt
