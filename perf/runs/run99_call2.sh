#!/usr/bin/env bash
# Run 99 call 2 (prepared in stop 81), after call 1 and on any card (the H100s of runs 97
# and 98 showed the move too): why does EXIT DRAIN, which changes no healthy step's logic,
# move TP8 B = 9, 16 by 0.2-0.35 us? One hypothesis is instruction fetch (the chain after
# the gate/up MMAs runs code once a step; a new exit block moves the layout). Nsight
# Compute's per-instruction warp-state samples of one graph of 4 kFusedX<16> launches (TP8
# B=9) of main, of bundle_xd, and of bundle_xc (CONVERGED EXIT): compare the "no
# instruction" and "branch resolving" stalls by phase (source.csv's SASS lines). The graph
# is profiled as one workload (--graph-profiling graph): profiled as a kernel (-k), the
# fused kernel fails to launch under ncu (run 99 calls 2-3, LaunchFailed, PDL on or off).
# Run 99 call 3 ran this form on an H100 (RESULTS.md).
# Bundles: bundle_pack/run99.tar.xz (run99_call1.sh's header).    carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run99.tar.xz
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_m bundle_xd bundle_xc; do
  name=${b#bundle_}_8_9
  (cd $b && timeout 150 ncu --clock-control none --cache-control none \
     --import-source no --section SourceCounters --section WarpStateStats \
     --warp-sampling-interval 0 --graph-profiling graph --launch-skip 1 --launch-count 1 \
     -o $OUT/$name ./profile_step fused 8 9 4 1 > $OUT/$name.ncu.log 2>&1)
  echo "ncu $name exit $?" | tee -a $OUT/call.txt; tail -2 $OUT/$name.ncu.log
  timeout 60 ncu -i $OUT/$name.ncu-rep --page details > $OUT/$name.details.txt 2>&1
  timeout 60 ncu -i $OUT/$name.ncu-rep --page source --csv --print-source sass \
    > $OUT/$name.source.csv 2> $OUT/$name.source.err
  grep -E "Duration|Warp Cycles Per Issued|Stall No Instruction|Samples" $OUT/$name.details.txt |
    head -8 | tee -a $OUT/call.txt
  rm -f $OUT/$name.ncu-rep
done
(cd $OUT && tar czf ncu.tgz *.txt *.csv *.log *.err && rm -f *.csv *.log *.err)
echo "all done after $SECONDS s" | tee -a $OUT/call.txt
