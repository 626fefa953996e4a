#!/usr/bin/env bash
# Run 67 call 2: the benchmark's method after the review (ac2045d: replays back to back,
# weight sets of twice the L2, the floor in every row in two footprints, %HBM), against
# the old bench (bundle_old/bench, 5fbb825) in the same call: design dims B = 9, 16, 64
# old, new, old, new; the DeepSeek dims B = 9, 64 old, new (10 sets inside the L2 at TP16
# before). Then the new bench's full tables: design dims and DeepSeek dims, --repeat 2.
# Build first (here): cp bundle/bench bundle_old/ (at 5fbb825); tools/bundle.sh bundle;
#   rm -f bundle_pack_now/*; tar cJf bundle_pack_now/run67_call2.tar.xz bundle bundle_old
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run67_call2.tar.xz && cat bundle/COMMIT bundle_old/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
ab=$OUT/ab; mkdir -p $ab
for round in 1 2; do
  for b in bundle_old bundle; do
    (cd $b && timeout 90 ./bench --table-only --batches 9,16,64 --csv $ab/${b}_$round.csv) \
      > $ab/${b}_$round.txt 2>/dev/null
    echo "$b design round $round exit $? after $SECONDS s" | tee -a $OUT/call.txt
  done
done
for b in bundle_old bundle; do
  (cd $b && timeout 90 ./bench --dims deepseek --table-only --batches 9,64 \
    --csv $ab/${b}_deepseek.csv) > $ab/${b}_deepseek.txt 2>/dev/null
  echo "$b deepseek exit $? after $SECONDS s" | tee -a $OUT/call.txt
done
(cd bundle && timeout 200 ./bench --repeat 2 --csv $OUT/bench.csv --policy $OUT/policy.txt) \
  > $OUT/bench.txt 2> /dev/null
echo "bench exit $? after $SECONDS s" | tee -a $OUT/call.txt
(cd bundle && timeout 200 ./bench --dims deepseek --repeat 2 --csv $OUT/bench_deepseek.csv \
  --policy $OUT/policy_deepseek.txt) > $OUT/bench_deepseek.txt 2> /dev/null
echo "bench deepseek exit $? after $SECONDS s" | tee -a $OUT/call.txt
cd $OUT && tar czf ab.tgz ab policy.txt policy_deepseek.txt && rm -rf ab policy.txt policy_deepseek.txt
ls $OUT
