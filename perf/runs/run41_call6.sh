#!/usr/bin/env bash
# Run 41, call 6 (perf/RESULTS.md), nvidia-h200: perf/tma_rate (new): cycles per fill of
# the producer's TMA copies (one arrive.expect_tx and 1-3 copies of a [16/32/64 x 64]
# box), issued by lane 0 one after another or by lanes 0..copies-1 in one instruction,
# 132 CTAs, data in L2. Does a second or third copy a fill cost the issuing thread a
# fixed time? Call 5: about 300 cycles a fill, 50 a copy more; now the arrive alone and
# the copies alone (barriers armed before the timing), and plain bulk copies.
# (This call ran an earlier build: forms 0-5 in one kernel, branching on the form inside
# the loop; its bulk form failed with a CUDA error, not investigated: call 7 has the
# per-form instances that perf/tma_rate.cu keeps.)
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call6.tar.xz && cat bundle_t/COMMIT
for fills in 32 64; do
  echo "== fills $fills"
  ./bundle_t/tma_rate $fills > $OUT/tma_rate_$fills.txt 2>&1
  echo "tma_rate exit $?"
  cat $OUT/tma_rate_$fills.txt
done
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv
echo "all done after $SECONDS s"
