#!/usr/bin/env bash
# Run 63 call 6: the review mends of TWO GRIDS on a GPU. The rule now applies only where
# the current context has fewer SMs than the device (cuCtxGetDevResource): bench prints
# the plans on 96 SMs (TWO GRIDS expected) and on the whole GPU (the widest grid);
# green_gpu_test asserts the whole GPU's plans over a sweep of dims (neither widest nor
# gate/up-only grid = a failure) and compares bits wherever the K split is the whole
# GPU's; its DeepSeek dims at 104 and 96 SMs.
# Build first (here): tools/bundle.sh bundle; tar cJf bundle_pack/run63_call6.tar.xz bundle
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run63_call6.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for case in "96" "0" "96 deepseek" "0 deepseek"; do
  set -- $case
  extra=(--table-only)
  [ $1 -gt 0 ] && extra=(--sms $1)
  [ -n "${2:-}" ] && extra+=(--dims deepseek)
  echo "== sms $1 ${2:-design}" | tee -a $OUT/call.txt
  (cd bundle && timeout 60 ./bench --batches 9,16,64 "${extra[@]}" --csv $OUT/x.csv) \
    2>/dev/null | tee -a $OUT/call.txt
  echo "exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
done
rm -f $OUT/x.csv
timeout 200 bundle/green_gpu_test 2>&1 | tee $OUT/green.txt | grep -E "whole GPU|green_gpu_test" | tee -a $OUT/call.txt
echo "green exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
timeout 100 bundle/green_gpu_test --dims deepseek --sms 104,96 2>&1 | tee $OUT/green_deepseek.txt |
  grep -E "whole GPU|green_gpu_test" | tee -a $OUT/call.txt
echo "green deepseek exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
