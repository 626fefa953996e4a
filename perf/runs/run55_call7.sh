#!/usr/bin/env bash
# Run 55 call 7: where TAGGED H's read goes. bundle_tgr (branch r55_tagged_rel `8092112`,
# a diagnostic on r55_tagged_h): the count-in released (red.release.gpu) and acquired
# (ld.acquire.gpu) as the grid barrier's is, so the first copy after it always finds the
# words: its "h landed" is one poll's copy and check in the kernel. Against main and
# call 6's bundle_tg (relaxed count), in one run: the 1-GPU tests of both candidates, the
# A/B twice at B = 9, 16 at both dims, the limits at TP16 B = 9, 16.
# Build first (here, with Bazel):
#   (bundle, bundle_tg: run55_call6.sh's)
#   git checkout r55_tagged_rel && tools/bundle.sh bundle_tgr ab && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run55_call7.tar.xz bundle bundle_tg bundle_tgr
# carry: bundle_pack
date -u
tar xJf bundle_pack/run55_call7.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_tg bundle_tgr" BATCHES=9,16 DEEPSEEK_BATCHES=9,16 \
  LIMIT_CELLS="16 9;16 16" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
echo "all done after $SECONDS s"
