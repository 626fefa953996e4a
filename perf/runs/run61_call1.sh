#!/usr/bin/env bash
# Run 61 call 1: a cooperative launch of the fused kernel (branch r61_cooperative:
# SHX_FUSED_COOPERATIVE=1 adds cudaLaunchAttributeCooperative to fused launches; unset,
# the binaries behave as main's). Does the grid then wait to be placed whole beside a
# kernel that holds SMs (neighbour_gpu_test: TO -> wait?), does it capture and replay
# with PDL and clusters (group_fused_1gpu_test), what does it cost (bench, the same
# binary with the variable 0 and 1, two rounds)? Then every one-GPU test with it unset
# (main's behaviour; validates main's last refactor, not run on a GPU in run 60).
# Build first (here, with Bazel), on r61_cooperative:
#   tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run61_call1.tar.xz bundle
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run61_call1.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/stdout.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle
SHX_FUSED_COOPERATIVE=1 timeout 60 ./group_fused_1gpu_test > $OUT/group_coop.txt 2>&1
echo "group_fused_1gpu_test (cooperative): exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
tail -3 $OUT/group_coop.txt | tee -a $OUT/stdout.txt
SHX_FUSED_COOPERATIVE=1 timeout 150 ./neighbour_gpu_test 9 128 > $OUT/neighbour_coop.txt 2>&1
echo "neighbour_gpu_test 9 128 (cooperative): exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
grep -E 'fused|first TO' $OUT/neighbour_coop.txt | cut -c1-400 | tee -a $OUT/stdout.txt
for round in 1 2; do
  for coop in 0 1; do
    SHX_FUSED_COOPERATIVE=$coop timeout 60 ./bench --batches 9,16,32,64,128 --table-only \
      --csv $OUT/bench_c${coop}_r${round}.csv > $OUT/bench_c${coop}_r${round}.txt 2>&1
    echo "bench cooperative=$coop round $round: exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
    cat $OUT/bench_c${coop}_r${round}.txt | tee -a $OUT/stdout.txt
  done
done
timeout 330 ./run_gpu_tests.sh > $OUT/gpu_tests.txt 2>&1
echo "run_gpu_tests: exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
grep -E '^== |passed, ' $OUT/gpu_tests.txt | tee -a $OUT/stdout.txt
cd $OUT && tar czf all.tgz *.txt *.csv && rm -f bench_*.txt bench_*.csv group_coop.txt
