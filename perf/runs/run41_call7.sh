#!/usr/bin/env bash
# Run 41, call 7 (perf/RESULTS.md), nvidia-h200: perf/tma_rate (new): cycles per fill of
# the producer's TMA copies (one arrive.expect_tx and 1-3 copies of a [16/32/64 x 64]
# box), issued by lane 0 one after another or by lanes 0..copies-1 in one instruction,
# 132 CTAs, data in L2. Does a second or third copy a fill cost the issuing thread a
# fixed time? Call 5: about 300 cycles a fill, 50 a copy more; now the arrive alone and
# the copies alone (barriers armed before the timing), and plain bulk copies; call 6 had
# every form in one kernel (branches in the loop: 80 cycles a fill more), now a kernel
# instance per form.
# (Forms 0-5 at every copy count but the lanes forms at one copy; call 9 added form 6.)
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call7.tar.xz && cat bundle_t/COMMIT
for fills in 32 64; do
  echo "== fills $fills"
  ./bundle_t/tma_rate $fills > $OUT/tma_rate_$fills.txt 2>&1
  echo "tma_rate exit $?"
  cat $OUT/tma_rate_$fills.txt
done
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv
echo "all done after $SECONDS s"
