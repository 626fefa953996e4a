#!/usr/bin/env bash
# Run 63 call 7: TWO GRIDS where no run has timed it: the DeepSeek dims (64 gate/up CTAs)
# on 64, 80 and 88 SMs, where the rule takes 64, 80 and 88 CTAs (the design dims' 96
# gate/up CTAs do not fit twice there: unchanged). A/B: bundle_a (0794982, the plan as
# before) against bundle (the final code), B = 4, 9, 16, 32, 64, 128.
# Build first (here): tools/bundle.sh bundle_x ab (at HEAD) -> bundle; (bundle_a as in call 2);
#   tar cJf bundle_pack/run63_call7.tar.xz bundle bundle_a
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run63_call7.tar.xz && cat bundle_a/COMMIT bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for sms in 64 80 88; do
  for b in bundle_a bundle; do
    echo "== $b sms $sms deepseek" >> $OUT/tables.txt
    (cd $b && timeout 60 ./bench --batches 4,9,16,32,64,128 --sms $sms --dims deepseek \
      --csv $OUT/x.csv) >> $OUT/tables.txt 2>/dev/null
    echo "exit $? after $SECONDS s" >> $OUT/tables.txt
  done
done
rm -f $OUT/x.csv
grep -E "^==|^exit|fused plans" $OUT/tables.txt | cut -c1-200 | tee -a $OUT/call.txt
