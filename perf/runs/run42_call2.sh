#!/usr/bin/env bash
# Run 42, call 2 (perf/RESULTS.md), nvidia-h200: main (bundle_m) against bundle_t
# (r42_tagged_h: the tagged h). The owners store h as 32-bit words (BF16 | launch tag <<
# 16) and count in with red.relaxed (no MEMBAR.ALL.GPU, which waits for the CTA's loads
# in flight, run 41 call 14, and the next grid's too, call 1); the down consumers read
# the words, check the tags and write the stages' B tiles themselves (TP8 N = 16's two
# late fills from registers). Plans: TP16 every N <= 64, TP8 N <= 16 (plain above).
# Tests, A/B at the design and DeepSeek dims, limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call2.tar.xz && cat bundle_m/COMMIT bundle_t/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_t" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="8 9;16 9;16 32" \
  timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
