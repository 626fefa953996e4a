#!/usr/bin/env bash
# Run 34, call 12 (perf/RESULTS.md), nvidia-h200: perf/wgmma_rate's new mode 7 (mode 0
# with per-thread stage addresses, so that the descriptors go through R2UR as in the
# fused kernel's K loop) against modes 0 and 4, N = 16 and 64; and the SASS of its
# N = 16 mode 0 and mode 7 loops (R2UR count).
# carry: bundle_rate7
source tools/gpu_env.sh "$OUT"
./bundle_rate7/wgmma_rate 4096 | awk 'NR == 1 || (($1 == 16 || $1 == 64) && ($3 == 0 || $3 == 4 || $3 == 7))'
cuobjdump --dump-sass bundle_rate7/wgmma_rate > $OUT/rate.sass
for m in 0 7; do
  echo "N=16 chains 4 mode $m: R2UR $(awk "/wgmma_rate_kernelILi16ELi4ELi${m}E/{f=1;next} f&&/Function :/{f=0} f" $OUT/rate.sass | grep -c R2UR)"
done
rm $OUT/rate.sass
