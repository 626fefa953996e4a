#!/usr/bin/env bash
# Run 41, call 8 (perf/RESULTS.md), nvidia-h200: SASS only. Call 7: a fill's first TMA
# copy costs its issuing thread about 236 cycles where lane 0 issues alone, 46-55 each
# further copy, and lanes 0..2 issue three copies in 196-213 cycles together. What does
# ptxas emit around UTMALDG in each form (perf/tma_rate's instances) and in the fused
# kernel's producer (main's bench, the N = 16 fused instance)?
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call8.tar.xz && cat bundle_t/COMMIT
cuobjdump --dump-sass bundle_t/tma_rate > $OUT/tma_rate.sass 2>&1
echo "cuobjdump tma_rate exit $?"
cuobjdump --dump-sass bundle_m/bench > $OUT/bench.sass 2>&1
echo "cuobjdump bench exit $?"
ls -la $OUT
grep -c UTMALDG $OUT/tma_rate.sass $OUT/bench.sass
echo "all done after $SECONDS s"
