#!/usr/bin/env bash
# Run 63, call 1: run 62's review mends on one H200. They were
# written after run 62's last device call: shx_destroy synchronizing in the primary
# context again and then making a caller's green context current again (green_gpu_test
# asserts it after each destroy and refused create; bench --sms relies on it),
# shx_fused_stream_room (the gate kernel refused where not one of its clusters fits a
# green context's stream; auto then runs the baseline), green_gpu_test's global-mode
# capture, --dims deepseek (clusters of 16 at TP16) and its bounds on the query. Then
# every other one-GPU test, since the launch path's host code changed (the kernels' PTX
# did not: tools/same_ptx.sh).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run63_green.tar.xz bundle
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run63_green.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 200 bundle/green_gpu_test 2>&1 | tee $OUT/green.txt | tail -3 | tee -a $OUT/call.txt
echo "green exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
timeout 200 bundle/green_gpu_test --dims deepseek --sms 96,64,48,32,16 2>&1 |
  tee $OUT/green_deepseek.txt | tail -3 | tee -a $OUT/call.txt
echo "green deepseek exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
(cd bundle && timeout 40 ./bench --batches 9,64 --sms 96 --csv $OUT/bench_sms96.csv) \
  2>/dev/null | tee -a $OUT/call.txt
mv bundle/green_gpu_test .
timeout 300 bundle/run_gpu_tests.sh 2>&1 | tee $OUT/tests.txt | grep -E "^== |passed," | tee -a $OUT/call.txt
echo "tests exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
