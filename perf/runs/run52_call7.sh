#!/usr/bin/env bash
# Run 52 call 7: h_rotate (r52_h_rotate `dd5e3a2`) against main `98409f2`. Every CTA reads
# the same h right after the grid barrier, and in K order all ask for block 0's lines
# first: a one-job CTA here issues its early fills' h copies from fill cta % early on
# (same fills, stages, barriers and sums). H RUNS at TP16 (one 6-block copy, call 3) landed
# no sooner, so the h copies look paced by the lines, not by their count.
# Build first (here, with Bazel):
#   git checkout r52_h_rotate && tools/bundle.sh bundle_hrot ab
#   git checkout main && tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run52_call7.tar.xz bundle bundle_hrot
# carry: bundle_pack
date -u
tar xJf bundle_pack/run52_call7.tar.xz
for b in bundle bundle_hrot; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_hrot" BATCHES=9,16 LIMIT_CELLS="8 9;16 9" \
  timeout 250 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
