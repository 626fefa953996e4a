#!/usr/bin/env bash
# Run 65 call 1: TAIL IN REGISTERS (kFusedX, TP8 N = 16: the consumers load the last
# gate/up K blocks' A operand into registers before the dependency wait, so that more
# weight bytes are in flight across the kernel boundary than the ring holds), three
# candidates against main (bundle_a: 5bab0f5): bundle_v1 (5a42adc, 4 blocks, loads after
# the cluster barrier), bundle_v2 (d5f5e6c, 4 blocks, before it), bundle_v3 (6f6b308, 2
# blocks). First the 1-GPU fused group test and the mailbox test (fused = split bit for
# bit at B = 9, 16) of each candidate; then four rounds of bench at B = 9, 12, 16 (both
# tps; TP16 runs no kFusedX: a control), the order rotated every round; then the limits
# of TP8 B = 9, 16 for main and v1.
# Build first (here): tools/bundle.sh bundle_X ab at each commit;
#   tar cJf bundle_pack/run65_call1.tar.xz bundle_a bundle_v1 bundle_v2 bundle_v3
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run65_call1.tar.xz
for b in bundle_a bundle_v1 bundle_v2 bundle_v3; do echo "$b $(cat $b/COMMIT)"; done
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_v1 bundle_v2 bundle_v3; do
  for t in group_fused_1gpu_test mailbox_gpu_test; do
    (cd $b && timeout 120 ./$t) > $OUT/$b.$t.log 2>&1
    echo "$b $t exit $? after $SECONDS s" | tee -a $OUT/call.txt
    tail -3 $OUT/$b.$t.log >> $OUT/call.txt
  done
done
bundles=(bundle_a bundle_v1 bundle_v2 bundle_v3)
for round in 1 2 3 4; do
  for i in 0 1 2 3; do
    b=${bundles[$(((i + round) % 4))]}
    echo "== round $round $b" >> $OUT/tables.txt
    (cd $b && timeout 40 ./bench --batches 9,12,16 --table-only --csv $OUT/x.csv) \
      >> $OUT/tables.txt 2>$OUT/err.txt
    echo "exit $? after $SECONDS s" >> $OUT/tables.txt
  done
done
rm -f $OUT/x.csv $OUT/err.txt
grep -c "^exit 0" $OUT/tables.txt | tee -a $OUT/call.txt
for b in bundle_a bundle_v1; do
  echo "== limits $b" >> $OUT/limits.txt
  BUNDLE=$b CELLS="8 9;8 16" tools/limits.sh $OUT/lim >> $OUT/limits.txt 2>&1
done
rm -rf $OUT/lim
echo "done after $SECONDS s" | tee -a $OUT/call.txt
