#!/usr/bin/env bash
# Run 64 call 1: EARLY PAST THE RING (9db9bfc: on a partition's TWO GRIDS plan at n <= 16
# the CTAs of two down jobs, 12 fills in 10 stages at the design TP16, trigger the next
# grid early), A/B against bundle_a (8ac8f96, run 63's final code) on 96 and 104 SMs and
# on the whole GPU (where plans are unchanged but every kernel's parameter layout moved),
# three rounds; then every one-GPU test on the new code (green_gpu_test included: B = 9
# on partitions runs the new trigger).
# Build first (here): bundle_a from a worktree of 8ac8f96 (tools/bundle.sh bundle_a ab);
#   tools/bundle.sh bundle; tar cJf bundle_pack/run64_call1.tar.xz bundle bundle_a
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run64_call1.tar.xz && cat bundle_a/COMMIT bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2 3; do
  for sms in 96 104 0; do
    for b in bundle_a bundle; do
      extra=(--batches 4,9,16,32,64)
      [ $sms -gt 0 ] && extra+=(--sms $sms)
      [ $sms -eq 0 ] && extra=(--batches 9,16,32,64,128)
      echo "== round $round $b sms $sms" >> $OUT/tables.txt
      (cd $b && timeout 40 ./bench "${extra[@]}" --csv $OUT/x.csv) >> $OUT/tables.txt 2>$OUT/err.txt
      echo "exit $? after $SECONDS s" >> $OUT/tables.txt
      tr "\r" "\n" < $OUT/err.txt | grep -v "^ *$" | tail -2 >> $OUT/tables.txt
    done
  done
done
rm -f $OUT/x.csv $OUT/err.txt
grep -c "^exit 0" $OUT/tables.txt | tee -a $OUT/call.txt
echo "A/B done after $SECONDS s" | tee -a $OUT/call.txt
timeout 380 bundle/run_gpu_tests.sh 2>&1 | tee $OUT/tests.txt | grep -E "^== |passed," | tee -a $OUT/call.txt
echo "tests exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
