#!/usr/bin/env bash
# Run 63 call 4: TWO GRIDS' third form (not at n <= 16 for CTAs of more than 16 gate/up
# blocks: the design TP8's B <= 16 keeps the widest grid and the first bucket's n = 8
# plan), A/B against bundle_a (0794982, the plan as before) at 96 and 104 SMs, both dims;
# the whole GPU's table once (its plans are unchanged); green_gpu_test at its default
# partitions (both forms, both tps) and the DeepSeek dims at 104, 96, 64.
# Build first (here): tools/bundle.sh bundle; (bundle_a as in call 2);
#   tar cJf bundle_pack/run63_call4.tar.xz bundle bundle_a
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run63_call4.tar.xz && cat bundle_a/COMMIT bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for case in "96" "104" "96 deepseek" "104 deepseek" "0" "0 deepseek"; do
  set -- $case
  for b in bundle_a bundle; do
    [ $1 -eq 0 ] && [ $b = bundle_a ] && continue
    extra=(--table-only)
    [ $1 -gt 0 ] && extra=(--sms $1)
    [ -n "${2:-}" ] && extra+=(--dims deepseek)
    echo "== $b sms $1 ${2:-design}" >> $OUT/tables.txt
    (cd $b && timeout 60 ./bench --batches 4,9,16,32,64,128 "${extra[@]}" \
      --csv $OUT/x.csv) >> $OUT/tables.txt 2>$OUT/err.txt
    echo "exit $? after $SECONDS s" >> $OUT/tables.txt
    tr "\r" "\n" < $OUT/err.txt | grep -v "^ *$" | tail -2 >> $OUT/tables.txt
  done
done
rm -f $OUT/x.csv $OUT/err.txt
grep -c "^exit 0" $OUT/tables.txt | tee -a $OUT/call.txt
timeout 200 bundle/green_gpu_test 2>&1 | tee $OUT/green.txt | tail -2 | tee -a $OUT/call.txt
echo "green exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
timeout 150 bundle/green_gpu_test --dims deepseek --sms 104,96,64 2>&1 |
  tee $OUT/green_deepseek.txt | tail -2 | tee -a $OUT/call.txt
echo "green deepseek exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
