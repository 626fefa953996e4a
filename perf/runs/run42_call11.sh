#!/usr/bin/env bash
# Run 42, call 11 (perf/RESULTS.md), nvidia-h200: why were run 36's fill pairs slower in
# the kernel (0.3-0.9 us at TP16 B <= 32) when perf/wgmma_rate's mode 5 ran them at 161
# cycles a block against 229? Call 10's Nsight Compute per-instruction samples on run 36's
# main (bundle_h36, 3ec5570) and its pairs build (bundle_p21, r36_p21 170e209:
# docs/experiments/fill_pairs_both_loops.patch without its last hunk: the gate/up loop two
# fills a wgmma-group and handshake round), TP16 B=9, one launch each.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call11.tar.xz && cat bundle_h36/COMMIT bundle_p21/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_h36 bundle_p21; do
  for shape in "16 9"; do
    name=${b#bundle_}_${shape/ /_}
    (cd $b && timeout 150 ncu --clock-control none --cache-control none \
       --import-source no --section SourceCounters --section WarpStateStats \
       --warp-sampling-interval 0 --warp-sampling-buffer-size 536870912 \
       -k regex:shared_expert_fused --launch-skip 2 --launch-count 1 \
       -o $OUT/$name ./profile_step fused $shape 4 1 > $OUT/$name.ncu.log 2>&1)
    echo "ncu $name exit $?"; tail -2 $OUT/$name.ncu.log
    timeout 60 ncu -i $OUT/$name.ncu-rep --page details > $OUT/$name.details.txt 2>&1
    timeout 60 ncu -i $OUT/$name.ncu-rep --page source --csv --print-source sass \
      > $OUT/$name.source.csv 2> $OUT/$name.source.err
    echo "source exit $? ($(wc -l < $OUT/$name.source.csv) lines)"
    grep -E "Duration|Warp Cycles Per Issued|Samples" $OUT/$name.details.txt | head -6
    rm -f $OUT/$name.ncu-rep
  done
done
for b in bundle_h36 bundle_p21; do  # the phases with PDL, last of 40 steps
  echo "== $b trace 16 9"
  (cd $b && timeout 30 ./profile_step fused 16 9 40 1 trace 2>&1 |
     grep -E "per step|first gate/up stage|gate/up MMAs done|breakdown")
done
(cd $OUT && tar czf ncu.tgz *.txt *.csv *.log *.err && rm -f *.txt *.csv *.log *.err)
ls -la $OUT
echo "all done after $SECONDS s"
