#!/usr/bin/env bash
# Run 41, call 9 (perf/RESULTS.md), nvidia-h200: perf/tma_rate with form 6 (barriers armed
# before, lane 0 alone running the whole loop: the fused kernel's producer) and the
# lanes forms at one copy a fill too. Call 7: a lone copy a fill costs lane 0 about 236
# cycles inside a loop that every lane runs, where lanes 0..1 issue two in 147-164.
# Also the SASS of form 6.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call9.tar.xz && cat bundle_t/COMMIT
./bundle_t/tma_rate 32 > $OUT/tma_rate_32.txt 2>&1
echo "tma_rate exit $?"
cat $OUT/tma_rate_32.txt
cuobjdump --dump-sass bundle_t/tma_rate > $OUT/tma_rate.sass 2>&1
echo "all done after $SECONDS s"
