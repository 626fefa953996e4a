#!/usr/bin/env bash
# Run 47, call 5 (perf/RESULTS.md), nvidia-h200, a check: calls 3 and 4 each saw the
# DeepSeek TP16 B=16 fused step at 4.83-4.84 us in one of the final build's two rounds
# (main before the run: 4.56-4.64), in a cell whose kernels have main's SASS. Six rounds
# of each build (bundle_n 9a69fd1, bundle a688d22), alternating, at the DeepSeek dims.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run47_call5.tar.xz && cat bundle/COMMIT bundle_n/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
BENCH_ARGS="--dims deepseek" BATCHES=9,16 timeout 200 tools/gpu_ab.sh /tmp/ab5 bundle_n \
  bundle bundle_n bundle bundle_n bundle bundle_n bundle bundle_n bundle bundle_n bundle \
  > $OUT/ab5.txt 2>&1
grep -E "^==|^ +16 " $OUT/ab5.txt
echo "all done after $SECONDS s"
