#!/usr/bin/env bash
# Run 69 call 2: RING GATE (branch r69_ring_gate, bundle_gate), against main (bundle,
# ecdc257). Where a kFused CTA triggers early (the design TP16 at N <= 32, the DeepSeek
# dims), its producer triggers at once (run 59's trigger at start, which made the h
# release 0.53 -> 2.01 us: the next grid's copies in flight on its SM) but holds its
# first ring (and its refills' L2 prefetch) until the predecessor's CTA on the same SM has
# passed its grid barrier (a per-SM flag of the other parity, polled with a bound of
# 8 us), so that the ring is in flight during the predecessor's h loads and down loop and
# never during its h release. Four rounds of the design dims at B = 9, 16, 32, 64 (the
# order alternating), two of the DeepSeek dims at B = 9, 32, 64, then the limits at
# TP16 B = 9, 16 for each, and the candidate's group_fused_1gpu_test.
# Build first (here): tools/bundle.sh bundle (main); at r69_ring_gate
#   tools/bundle.sh bundle_gate ab; rm -f bundle_pack_now/*;
#   tar cJf bundle_pack_now/run69_call2.tar.xz bundle bundle_gate
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run69_call2.tar.xz
for b in bundle bundle_gate; do echo "$b $(cat $b/COMMIT)"; done
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2 3 4; do
  if [ $((round % 2)) = 1 ]; then order="bundle bundle_gate"; else order="bundle_gate bundle"; fi
  for b in $order; do
    echo "== design round $round $b" >> $OUT/tables.txt
    (cd $b && timeout 40 ./bench --batches 9,16,32,64 --table-only --csv /tmp/x.csv) \
      >> $OUT/tables.txt 2>/tmp/err.txt
    echo "exit $? after $SECONDS s" >> $OUT/tables.txt
  done
done
for round in 1 2; do
  if [ $round = 1 ]; then order="bundle bundle_gate"; else order="bundle_gate bundle"; fi
  for b in $order; do
    echo "== deepseek round $round $b" >> $OUT/tables.txt
    (cd $b && timeout 40 ./bench --dims deepseek --batches 9,32,64 --table-only \
      --csv /tmp/x.csv) >> $OUT/tables.txt 2>/tmp/err.txt
    echo "exit $? after $SECONDS s" >> $OUT/tables.txt
  done
done
grep -c "^exit 0" $OUT/tables.txt | tee -a $OUT/call.txt
for b in bundle bundle_gate; do
  echo "== limits $b" >> $OUT/limits.txt
  BUNDLE=$b CELLS="16 9;16 16" tools/limits.sh /tmp/lim >> $OUT/limits.txt 2>&1
done
echo "limits done after $SECONDS s" | tee -a $OUT/call.txt
timeout 120 bundle_gate/group_fused_1gpu_test > $OUT/gate_tests.txt 2>&1
echo "bundle_gate group_fused_1gpu_test exit $? after $SECONDS s" | tee -a $OUT/call.txt
tail -3 $OUT/gate_tests.txt | tee -a $OUT/call.txt
