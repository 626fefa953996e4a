#!/usr/bin/env bash
# Run 64 call 2: call 1's A/B of EARLY PAST THE RING at the cells it changes, again and
# longer (call 1's three rounds were bimodal across processes: 7.3-7.5 or 7.7-7.8 us with
# it, 7.6-7.7 or 7.8-8.2 without): TP16 B = 9, 12, 16 on 96 and 104 SMs, eight rounds,
# the bundles' order swapped every round. The same bundles as call 1 (bundle_a: 8ac8f96,
# bundle: 9db9bfc).
# carry: bundle_pack (run64_call1.tar.xz)
{
date -u
tar xJf bundle_pack/run64_call1.tar.xz && cat bundle_a/COMMIT bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2 3 4 5 6 7 8; do
  order="bundle_a bundle"
  [ $((round % 2)) -eq 0 ] && order="bundle bundle_a"
  for sms in 96 104; do
    for b in $order; do
      echo "== round $round $b sms $sms" >> $OUT/tables.txt
      (cd $b && timeout 40 ./bench --batches 9,12,16 --sms $sms --csv $OUT/x.csv) \
        >> $OUT/tables.txt 2>$OUT/err.txt
      echo "exit $? after $SECONDS s" >> $OUT/tables.txt
    done
  done
done
rm -f $OUT/x.csv $OUT/err.txt
grep -c "^exit 0" $OUT/tables.txt | tee -a $OUT/call.txt
echo "done after $SECONDS s" | tee -a $OUT/call.txt
