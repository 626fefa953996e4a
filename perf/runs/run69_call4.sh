#!/usr/bin/env bash
# Run 69 call 4: is RING GATE's late ring the gate's poll? Calls 2-3 found the gated ring
# landing about 1 us later than main's although it should go out earlier (main's about
# 0.5 us after the grid barrier, from run 44's prologue of 1.8 us and the chain after the
# trigger). Arms 3 and 4 are arms 1 and 2 with a tight spin instead of __nanosleep(32)
# between polls (bundle_gate3: branch r69_ring_gate3 7a009c2; bundle_gate4: r69_ring_gate
# 4cc1d79). Three rounds at B = 9, 16 (order rotated) against main and arm 2, then the
# limits at TP16 B=9 for arms 3 and 4.
# Build first (here): bundle, bundle_gate2 as call 3; tools/bundle.sh bundle_gate3 ab and
#   bundle_gate4 ab at those commits; rm -f bundle_pack_now/*; tar cJf
#   bundle_pack_now/run69_call4.tar.xz bundle bundle_gate2 bundle_gate3 bundle_gate4
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run69_call4.tar.xz
for b in bundle bundle_gate2 bundle_gate3 bundle_gate4; do echo "$b $(cat $b/COMMIT)"; done
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
bundles=(bundle bundle_gate2 bundle_gate3 bundle_gate4)
for round in 1 2 3; do
  for i in 0 1 2 3; do
    b=${bundles[$(((i + round) % 4))]}
    echo "== round $round $b" >> $OUT/tables.txt
    (cd $b && timeout 40 ./bench --batches 9,16 --table-only --csv /tmp/x.csv) \
      >> $OUT/tables.txt 2>/tmp/err.txt
    echo "exit $? after $SECONDS s" >> $OUT/tables.txt
  done
done
grep -c "^exit 0" $OUT/tables.txt | tee -a $OUT/call.txt
for b in bundle_gate3 bundle_gate4; do
  echo "== limits $b" >> $OUT/limits.txt
  BUNDLE=$b CELLS="16 9" tools/limits.sh /tmp/lim >> $OUT/limits.txt 2>&1
done
cat $OUT/limits.txt
echo "done after $SECONDS s" | tee -a $OUT/call.txt
