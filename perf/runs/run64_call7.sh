#!/usr/bin/env bash
# Run 64 call 7: call 6 again after its false failure (the new assertion also held the
# stream form, whose op plans for the whole GPU, to the partition's early trigger; now
# the current form only): the default partitions
# and the DeepSeek dims at 104 and 96 SMs. The kernels' PTX is 9db9bfc's (tools/same_ptx.sh).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run64_call7.tar.xz bundle
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run64_call7.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 200 bundle/green_gpu_test 2>&1 | tee $OUT/green.txt |
  grep -E "whole GPU|green_gpu_test|early past" | sort | uniq -c | head -20 | tee -a $OUT/call.txt
echo "green exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
timeout 100 bundle/green_gpu_test --dims deepseek --sms 104,96 2>&1 | tee $OUT/green_deepseek.txt |
  grep -E "whole GPU|green_gpu_test|early past" | head -8 | tee -a $OUT/call.txt
echo "green deepseek exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
