#!/usr/bin/env bash
# Run 68 call 3: green_gpu_test at b9ac173 (the per-thread stream under a green context:
# refused with SHX_CUDA_ERROR, not answered; whether the runtime can use it there).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack_now/*;
#   tar cJf bundle_pack_now/run68_call3.tar.xz bundle
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run68_call3.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 200 bundle/green_gpu_test > $OUT/green.txt 2>&1
echo "green_gpu_test exit $? at $SECONDS s" | tee -a $OUT/call.txt
grep -E "special|cudaStreamPerThread|hang|partition|green_gpu_test" $OUT/green.txt |
  sort | uniq -c | sort -rn | head -30 | tee -a $OUT/call.txt
timeout 100 bundle/green_gpu_test --dims deepseek --tp 16 > $OUT/green_deepseek.txt 2>&1
echo "green_gpu_test --dims deepseek --tp 16 exit $? at $SECONDS s" | tee -a $OUT/call.txt
