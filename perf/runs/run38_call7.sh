#!/usr/bin/env bash
# Run 38, call 7 (perf/RESULTS.md), nvidia-h200: what compute-sanitizer memcheck reported
# on the bulk-copy exchange (call 6: 784 errors at TP16 B=64, 400 at TP8 B=16, about one
# per copy), its first errors printed, against main (bundle_x) at the same shape.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run38_call6.tar.xz && cat bundle_x/COMMIT bundle_bulk/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_bulk bundle_x; do
  (cd $b && SHX_REPLAYS=1 SHX_WATCHDOG_MS=1000 timeout 120 compute-sanitizer --tool memcheck \
     --print-limit 3 ./profile_step fused 8 16 1 > $OUT/memcheck_$b.txt 2>&1)
  echo "== $b exit $?"; head -60 $OUT/memcheck_$b.txt; grep "ERROR SUMMARY" $OUT/memcheck_$b.txt
done
echo "all done after $SECONDS s"
