#!/usr/bin/env bash
# Run 63 call 3: TWO GRIDS' second form (e49ec0f: not at the LATE IN REGISTERS cells; the
# launch takes any whole-cluster grid from the gate/up CTAs to the widest), A/B against
# bundle_a (0794982, the plan as before) at 96 and 104 SMs, both dims, two rounds; then
# green_gpu_test (104 SMs added), its DeepSeek dims, and every other one-GPU test (the
# launch's plan check changed).
# Build first (here): tools/bundle.sh bundle; (bundle_a as in call 2);
#   tar cJf bundle_pack/run63_call3.tar.xz bundle bundle_a
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run63_call3.tar.xz && cat bundle_a/COMMIT bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2; do
  for case in "96" "104" "96 deepseek" "104 deepseek"; do
    set -- $case
    for b in bundle_a bundle; do
      extra=(--sms $1)
      [ -n "${2:-}" ] && extra+=(--dims deepseek)
      echo "== round $round $b sms $1 ${2:-design}" >> $OUT/tables.txt
      (cd $b && timeout 60 ./bench --batches 4,9,16,32,64,128 "${extra[@]}" \
        --csv $OUT/x.csv) >> $OUT/tables.txt 2>$OUT/err.txt
      echo "exit $? after $SECONDS s" >> $OUT/tables.txt
      tr "\r" "\n" < $OUT/err.txt | grep -v "^ *$" | tail -2 >> $OUT/tables.txt
    done
  done
done
rm -f $OUT/x.csv $OUT/err.txt
grep -c "^exit 0" $OUT/tables.txt | tee -a $OUT/call.txt
timeout 200 bundle/green_gpu_test 2>&1 | tee $OUT/green.txt | tail -2 | tee -a $OUT/call.txt
echo "green exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
timeout 150 bundle/green_gpu_test --dims deepseek --sms 104,96,64 2>&1 |
  tee $OUT/green_deepseek.txt | tail -2 | tee -a $OUT/call.txt
echo "green deepseek exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
mv bundle/green_gpu_test .
timeout 280 bundle/run_gpu_tests.sh 2>&1 | tee $OUT/tests.txt | grep -E "^== |passed," | tee -a $OUT/call.txt
echo "tests exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
