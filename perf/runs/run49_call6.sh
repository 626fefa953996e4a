#!/usr/bin/env bash
# Run 49, call 6 (perf/RESULTS.md), nvidia-h200. What paces kFusedX's down loop: call 5's
# lean loop (fewer instructions, 2 arrivals of 12) left it at 1.75 us. dl (r49_down_landed,
# a diagnostic) has the producer stamp, once all its loads are issued, when the last early
# down fill (fill 9 of 12 at TP8) and the last down fill (11) have landed, over trace
# points 0 ("producer issued pre-barrier") and 9 ("dependency wait (producer)"). Traces of
# the last of 40 steps, main (bundle_m, 66d9618) and dl, TP8 B = 9, 16, twice each.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run49_call6.tar.xz
for b in bundle_m bundle_dl; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2; do
  for shape in "8 9" "8 16"; do
    for b in bundle_m bundle_dl; do
      echo "== round $round $b TP/B $shape"
      (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1 | head -40)
    done
  done
done
echo "all done after $SECONDS s"
