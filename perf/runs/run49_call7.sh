#!/usr/bin/env bash
# Run 49, call 7 (perf/RESULTS.md), nvidia-h200. Call 6 found kFusedX's down loop paced by
# its h tiles: after the grid barrier the first lands in 0.28 us, the last early one (fill
# 9) 1.5 us after the barrier, the last fill 0.12 us before the loop's end. Candidate
# (r49_h_multicast, `bundle`): each early down fill's h tile loaded once per cluster of 4
# with TMA multicast (rank d % 4 issues fill d's for all four), where every CTA of a cluster
# has the same fills. Validated and measured in one call: tools/gpu_release.sh with main
# (bundle_m, 66d9618) as ORIG (every 1-GPU test, the main job, bench --repeat 2 at both
# dims, limits, sanitizers for fused at the design's TP8 B=16, the A/B at TP8 B = 9, 16,
# 32 and TP16 B = 9, 16, 32), and the SASS of every kernel against main's.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run49_call7.tar.xz && for b in bundle bundle_m; do cat $b/COMMIT; done
tools/same_sass.sh bundle bundle_m > /tmp/sass_compare.txt 2>&1; tail -1 /tmp/sass_compare.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused" ORIG=bundle_m AB_BATCHES=9,16,32 timeout 380 \
  tools/gpu_release.sh $OUT 2>&1 | tee $OUT/release.txt | tail -60
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
echo "all done after $SECONDS s"
