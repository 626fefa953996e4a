#!/usr/bin/env bash
# Run 41, call 11 (perf/RESULTS.md), nvidia-h200: perf/tma_rate forms 8, 9 = the fused
# producer's refill as it is (lane 0 alone, straight-line: arm, two hinted copies of the
# weights' map, one plain copy of x's map) and from lanes 0-2 in one converged loop.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call11.tar.xz && cat bundle_t/COMMIT
for fills in 32 64; do
  ./bundle_t/tma_rate $fills > $OUT/tma_rate_$fills.txt 2>&1
  echo "tma_rate $fills exit $?"
  grep -E "copies|^ +3 " $OUT/tma_rate_$fills.txt
done
echo "all done after $SECONDS s"
