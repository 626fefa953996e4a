#!/usr/bin/env bash
# Run 44, call 1 (perf/RESULTS.md), nvidia-h200: perf/launch_probe (the next grid's start
# after a PDL trigger, the wait's release after the last exit, clusters of 1 or 8, copies
# in flight or not); then t (r44_trace: trace_point reads %globaltimer before the trace
# pointer) against main (bundle_m): tests, the A/B twice, and the limits rows of both.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run44_call1.tar.xz && cat bundle_m/COMMIT bundle_t/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 60 ./bundle_p/launch_probe > $OUT/launch_probe.txt 2>&1
echo "launch_probe exit $? after $SECONDS s"
cat $OUT/launch_probe.txt
MAIN=bundle_m CANDIDATES="bundle_t" BATCHES=9,16,32,64,128 LIMIT_CELLS="8 9;16 9;16 32" \
  timeout 300 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
cat $OUT/c/ab.txt | grep -E "^==|^ +(8|16) +"
echo "all done after $SECONDS s"
