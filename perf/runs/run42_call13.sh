#!/usr/bin/env bash
# Run 42, call 13 (perf/RESULTS.md), nvidia-h200: main (bundle_m) against bundle_f
# (r42_fill128: fills of 128 K at two CTAs per SM up to N = 32, the loop of wgmma_rate's
# mode 21: one full/empty handshake, one look-ahead test and one release per two 64-K
# blocks, eight wgmma a group; rings of 6, 5, 4, 4 stages of two blocks at N = 8, 16, 24,
# 32; the fused kernel, its gate mode and SharedDown alike). Tests, traces, A/B at the
# design and DeepSeek dims (DeepSeek TP16 N <= 32: odd gate/up counts, a half last
# fill), limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call13.tar.xz && cat bundle_m/COMMIT bundle_f/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_f" BATCHES=8,9,16,24,32,64 \
  DEEPSEEK_BATCHES=9,16,32,64 LIMIT_CELLS="8 9;16 9;16 32;8 32" TRACES="16 9" \
  timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout|^\| |^== |MMAs done|first gate|per step" $OUT/summary.txt
echo "all done after $SECONDS s"
