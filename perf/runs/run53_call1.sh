#!/usr/bin/env bash
# Run 53 call 1 (prepared in run 52): down_nowait_all (branch r53_down_nowait_all `86fe6bf`, on
# main `98409f2`'s kernels): run 52 kept kFusedX's down job without per-fill waits and
# releases (its producer refills nothing after the grid barrier). Every CTA whose whole
# down work sits in the ring before the barrier refills nothing either: the design TP16
# (6 blocks, ring 10) and the DeepSeek dims (2 or 4 blocks a job). Its down loop, 0.77-0.85
# us at TP16 B = 9, 16 (run 52 call 6), may be paced by that handshake, as kFusedX's was once
# its h was in, or by its h (then equal). ptxas: no spills, no wgmma serialization warning.
# Then the lane FILL STAMPS in every fused instance (r53_fill_stamps_lanes_all `24bbb43`,
# main's kernels; r53_dna_lfs `b276b95`, dna's) at TP16 B = 9, 16: when its down fills land
# against when its down MMAs are done.
# Build first (here, with Bazel):
#   git checkout r53_down_nowait_all && tools/bundle.sh bundle_dna ab
#   git checkout r53_fill_stamps_lanes_all && FILL_STAMPS=1 tools/bundle.sh bundle_lfsa ab
#   git checkout r53_dna_lfs && FILL_STAMPS=1 tools/bundle.sh bundle_dnalfs ab
#   git checkout main && tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run53_call1.tar.xz bundle bundle_dna \
#     bundle_lfsa bundle_dnalfs
# carry: bundle_pack
date -u
tar xJf bundle_pack/run53_call1.tar.xz
for b in bundle bundle_dna bundle_lfsa bundle_dnalfs; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_dna" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,32,64 \
  LIMIT_CELLS="16 9;16 16;16 32;8 9" timeout 300 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
SHAPES="16 9;16 16" LINES_SHOWN=80 tools/gpu_fill_traces.sh $OUT bundle_lfsa bundle_dnalfs
echo "all done after $SECONDS s"
