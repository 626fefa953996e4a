#!/usr/bin/env bash
# Run 41, call 5 (perf/RESULTS.md), nvidia-h200: perf/tma_rate (new): cycles per fill of
# the producer's TMA copies (one arrive.expect_tx and 1-3 copies of a [16/32/64 x 64]
# box), issued by lane 0 one after another or by lanes 0..copies-1 in one instruction,
# 132 CTAs, data in L2. Does a second or third copy a fill cost the issuing thread a
# fixed time (run 39: copies about 0.065 us apart), and do parallel lanes avoid it?
# (This call ran an earlier build of perf/tma_rate: forms 0 and 1 only, in one kernel.)
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call5.tar.xz && cat bundle_t/COMMIT
for fills in 32 64; do
  echo "== fills $fills"
  ./bundle_t/tma_rate $fills > $OUT/tma_rate_$fills.txt 2>&1
  echo "tma_rate exit $?"
  cat $OUT/tma_rate_$fills.txt
done
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv
echo "all done after $SECONDS s"
