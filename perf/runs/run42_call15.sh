#!/usr/bin/env bash
# Run 42, call 15 (perf/RESULTS.md), nvidia-h200: main (bundle_m) against bundle_d
# (r42_down128: SharedDown, the split variant's second half, in fills of 128 K up to
# N = 32, DownGeometry; the fused kernel and its gate mode keep one block a fill). Call
# 14's fills of 128 K everywhere made the split step 0.1-1.4 us faster up to B = 32 and
# the fused step slower. Tests (fused == split bit for bit among them), A/B.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call15.tar.xz && cat bundle_m/COMMIT bundle_d/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_d" BATCHES=1,8,9,16,24,32,64 DEEPSEEK_BATCHES=9,16,32,64 \
  timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout|^== " $OUT/summary.txt
echo "all done after $SECONDS s"
