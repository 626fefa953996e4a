#!/usr/bin/env bash
# Run 42, call 17 (perf/RESULTS.md), nvidia-h200: main at the end of run 42 (bundle_fin:
# SharedDown's fill size now chosen per plan, two K blocks where I / 64 is even up to
# N = 32, one otherwise, instead of refusing odd I / 64; the code paths the design and
# DeepSeek dims take are call 15's) against bundle_m (974d6e0): the 1-GPU fused, split
# and mailbox tests and a short A/B.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call17.tar.xz && cat bundle_m/COMMIT bundle_fin/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_fin" BATCHES=9,24,32,64 DEEPSEEK_BATCHES=9 \
  timeout 300 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
cat $OUT/c/ab.txt $OUT/c/abds.txt | grep -E "^==|^ +(8|16) +"
echo "all done after $SECONDS s"
