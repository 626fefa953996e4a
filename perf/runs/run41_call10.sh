#!/usr/bin/env bash
# Run 41, call 10 (perf/RESULTS.md), nvidia-h200: perf/tma_rate form 7 = form 6 (lane 0
# alone runs the loop, as the fused producer) with the copies' operands per-thread values
# (plus %laneid), so that ptxas computes them in ordinary registers: call 9's form 6 cost
# about 170 cycles a fill besides 50 a copy, its operands all in the uniform datapath,
# where the lanes forms (operands per lane) took 100-115 cycles for one copy a fill.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call10.tar.xz && cat bundle_t/COMMIT
./bundle_t/tma_rate 32 > $OUT/tma_rate_32.txt 2>&1
echo "tma_rate exit $?"
cat $OUT/tma_rate_32.txt
cuobjdump --dump-sass bundle_t/tma_rate > $OUT/tma_rate.sass 2>&1
echo "all done after $SECONDS s"
