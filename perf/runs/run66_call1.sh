#!/usr/bin/env bash
# Run 66 call 1: shx_green_free unbinds a green context current on the thread (5f8d6e6).
# green_gpu_test (its new assertion: after the free a kernel on the default stream runs on
# more SMs than the partition) on the whole GPU and 120, 96 and 16 SMs, both tps; then
# bench --sms 96 at B = 9, which now frees its green context before it exits. The library
# and kernels are unchanged (tools/same_ptx.sh 6ce357d).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack_now/*;
#   tar cJf bundle_pack_now/run66_call1.tar.xz bundle
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run66_call1.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 200 bundle/green_gpu_test --sms 120,96,16 2>&1 | tee $OUT/green.txt |
  grep -E "after shx_green_free|whole GPU|green_gpu_test" | tee -a $OUT/call.txt
echo "green exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
(cd bundle && timeout 150 ./bench --sms 96 --batches 9 --csv $OUT/bench_sms96.csv \
  --policy $OUT/policy_sms96.txt) > $OUT/bench_sms96.txt 2>&1
echo "bench --sms 96 exit $? after $SECONDS s" | tee -a $OUT/call.txt
tail -5 $OUT/bench_sms96.txt | tee -a $OUT/call.txt
