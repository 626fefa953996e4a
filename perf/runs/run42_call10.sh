#!/usr/bin/env bash
# Run 42, call 10 (perf/RESULTS.md), nvidia-h200: run 41's second next step, Nsight
# Compute's per-instruction stall reasons on main (bundle_m) against the two-warpgroup
# build (bundle_g2, r41_g2: docs/experiments/two_groups_gate_up.patch), TP16 B=9 and TP8
# B=9, one fused launch each (the third of `profile_step fused TP 9 4 1`; under ncu the
# launches are serialized, no PDL overlap). The source pages (SASS, every stall column)
# come back as CSV for offline sums over the K loops.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call10.tar.xz && cat bundle_m/COMMIT bundle_g2/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_m bundle_g2; do
  for shape in "16 9" "8 9"; do
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
(cd $OUT && tar czf ncu.tgz *.txt *.csv *.log *.err && rm -f *.txt *.csv *.log *.err)
ls -la $OUT
echo "all done after $SECONDS s"
