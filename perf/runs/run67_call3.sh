#!/usr/bin/env bash
# Run 67 call 3: is the library's baseline (cuBLASLt's first heuristic algorithm per
# GEMM) as fast as SPEC's reference chain ("best of its heuristic algorithms")? bench
# --baseline-algorithms at both dims, B = 9, 16, 32, 64, 128, each twice.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack_now/*;
#   tar cJf bundle_pack_now/run67_call3.tar.xz bundle
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run67_call3.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for dims in design deepseek; do
  for round in 1 2; do
    (cd bundle && timeout 200 ./bench --baseline-algorithms --dims $dims \
      --batches 9,16,32,64,128 --csv $OUT/algorithms_${dims}_$round.csv) \
      > $OUT/algorithms_${dims}_$round.txt 2> /dev/null
    echo "$dims round $round exit $? after $SECONDS s" | tee -a $OUT/call.txt
    cat $OUT/algorithms_${dims}_$round.txt | tee -a $OUT/call.txt
  done
done
cd $OUT && tar czf csv.tgz algorithms_*.csv && rm -f algorithms_*.csv
