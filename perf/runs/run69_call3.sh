#!/usr/bin/env bash
# Run 69 call 3: RING GATE's second arm (r69_ring_gate eef9989, bundle_gate2): the gate
# opens once the predecessor's CTA on the SM has done its own h release (run 59: the
# release waits for copies in flight on its SM), not after the whole grid barrier as in
# call 2's first arm (bundle_gate, e408ad7: the gap 1.30 -> 0.44 us but x landed 0.51 ->
# 2.24 at TP16 B=9). Three rounds of the design dims at B = 9, 16, 32 (order rotated),
# then the limits at TP16 B = 9 for bundle_gate2 and bundle_gate.
# Build first (here): bundle, bundle_gate as call 2; at eef9989 tools/bundle.sh
#   bundle_gate2 ab; rm -f bundle_pack_now/*;
#   tar cJf bundle_pack_now/run69_call3.tar.xz bundle bundle_gate bundle_gate2
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run69_call3.tar.xz
for b in bundle bundle_gate bundle_gate2; do echo "$b $(cat $b/COMMIT)"; done
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
bundles=(bundle bundle_gate bundle_gate2)
for round in 1 2 3; do
  for i in 0 1 2; do
    b=${bundles[$(((i + round) % 3))]}
    echo "== round $round $b" >> $OUT/tables.txt
    (cd $b && timeout 40 ./bench --batches 9,16,32 --table-only --csv /tmp/x.csv) \
      >> $OUT/tables.txt 2>/tmp/err.txt
    echo "exit $? after $SECONDS s" >> $OUT/tables.txt
  done
done
grep -c "^exit 0" $OUT/tables.txt | tee -a $OUT/call.txt
for b in bundle_gate2 bundle_gate; do
  echo "== limits $b" >> $OUT/limits.txt
  BUNDLE=$b CELLS="16 9" tools/limits.sh /tmp/lim >> $OUT/limits.txt 2>&1
done
cat $OUT/limits.txt
echo "done after $SECONDS s" | tee -a $OUT/call.txt
