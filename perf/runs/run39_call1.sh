#!/usr/bin/env bash
# Run 39, call 1 (perf/RESULTS.md), nvidia-h200: perf/wgmma_rate with modes 8-11 (the
# kernel loop's handshake split into its parts), then main (bundle_x) against
# bundle_relf (r39_rel_first: mma_blocks releases the previous fill before the
# look-ahead test) and bundle_one (r39_one_arrival: a fill's release is one arrival
# after the consumers' named barrier): their 1-GPU tests, the A/B twice at both dims,
# limits at three cells (gpu_candidates.sh's header from limits.sh, first GPU use).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run39_call1.tar.xz && cat bundle_x/COMMIT bundle_relf/COMMIT bundle_one/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 60 bundle_x/wgmma_rate 4096 > $OUT/wgmma_rate.txt 2>&1
echo "wgmma_rate exit $?"
awk '$1 == 16 || $1 == 64 || $1 == "N"' $OUT/wgmma_rate.txt
MAIN=bundle_x CANDIDATES="bundle_relf bundle_one" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="16 9;8 9;16 64" \
  timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
cat $OUT/summary.txt
echo "all done after $SECONDS s"
