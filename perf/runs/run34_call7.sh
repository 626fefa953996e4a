#!/usr/bin/env bash
# Run 34, call 7 (perf/RESULTS.md), nvidia-h200: SASS of the fused kernel (main d3030c4
# and the clk diagnostic) and of perf/wgmma_rate, to compare their K loops' instructions
# (cuobjdump exists only on the GPU host); wgmma_rate's table once.
# carry: bundle_sass
source tools/gpu_env.sh "$OUT"
cd bundle_sass
for f in profile_step_base profile_step_clk wgmma_rate; do
  cuobjdump --dump-sass $f | gzip -9 > $OUT/$f.sass.gz
done
./wgmma_rate 4096 2>&1 | tail -12
ls -la $OUT
