#!/usr/bin/env bash
# Run 49, call 4 (perf/RESULTS.md), nvidia-h200. Call 2's h4 (4 down loads held until
# the h release) shortened the release (0.70 -> 0.48 us) and the down loop (1.8 -> 1.6)
# but lengthened the grid barrier (0.5 -> 1.05): the producer's polls waited behind the
# loads it had just issued. Here those loads come after the grid barrier instead. Against
# main (bundle_m, 66d9618), in kFusedX only: a gate/up CTA loads E down fills before the
# grid barrier (10 in main, the ring's depth) and the rest after it, asked into L2 at the
# end of its gate/up stream as main's 2 late fills are: e6 (r49_early6), e8 (r49_early8),
# e4 (r49_early4). Each candidate's 1-GPU tests, the A/B twice, limits at TP8 B = 9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run49_call4.tar.xz
for b in bundle_m bundle_e6 bundle_e8 bundle_e4; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_e6 bundle_e8 bundle_e4" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 480 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
