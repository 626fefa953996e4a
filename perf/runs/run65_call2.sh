#!/usr/bin/env bash
# Run 65 call 2: what call 1 left open about TAIL IN REGISTERS. The limits of v2 (4 blocks,
# loads before the cluster barrier: where its 0.2 us went) and a fourth candidate, v4
# (4cf6e70, branch r65_tail_2b: 2 blocks before the cluster barrier), against main
# (bundle_a: 5bab0f5): four rounds of bench at B = 9, 16 (both tps; TP16 a control), the
# order rotated every round; then tools/limits.sh at TP8 B = 9, 16 for each.
# Build first (here): tools/bundle.sh bundle_v4 ab at 4cf6e70 (bundle_a, bundle_v2 as call 1);
#   rm -f bundle_pack/*; tar cJf bundle_pack/run65_call2.tar.xz bundle_a bundle_v2 bundle_v4
# carry: bundle_pack. Three files come back: call.txt, tables.txt, limits.txt.
{
date -u
tar xJf bundle_pack/run65_call2.tar.xz
for b in bundle_a bundle_v2 bundle_v4; do echo "$b $(cat $b/COMMIT)"; done
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
bundles=(bundle_a bundle_v2 bundle_v4)
for round in 1 2 3 4; do
  for i in 0 1 2; do
    b=${bundles[$(((i + round) % 3))]}
    echo "== round $round $b" >> $OUT/tables.txt
    (cd $b && timeout 40 ./bench --batches 9,16 --table-only --csv /tmp/x.csv) \
      >> $OUT/tables.txt 2>/tmp/err.txt
    echo "exit $? after $SECONDS s" >> $OUT/tables.txt
  done
done
grep -c "^exit 0" $OUT/tables.txt | tee -a $OUT/call.txt
for b in bundle_a bundle_v2 bundle_v4; do
  echo "== limits $b" >> $OUT/limits.txt
  BUNDLE=$b CELLS="8 9;8 16" tools/limits.sh /tmp/lim >> $OUT/limits.txt 2>&1
done
echo "done after $SECONDS s" | tee -a $OUT/call.txt
