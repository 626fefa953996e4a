#!/usr/bin/env bash
# Run 55 call 8: is TAGGED H's read slow because of the next grid's first ring in flight
# beside it? bundle_tgl (branch r55_tagged_late `3b02821`, a diagnostic on
# r55_tagged_h): the CTAs that publish tagged words let the next grid in only once their
# read is done (no early trigger after the gate/up MMAs). Against main (`6eb49f1`) and
# call 6's bundle_tg in one run: the candidates' 1-GPU tests, the A/B twice at B = 9, 16
# at both dims, the limits at TP16 B = 9, 16.
# Build first (here, with Bazel):
#   (bundle, bundle_tg: run55_call6.sh's)
#   git checkout r55_tagged_late && tools/bundle.sh bundle_tgl ab && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run55_call8.tar.xz bundle bundle_tg bundle_tgl
# carry: bundle_pack
date -u
tar xJf bundle_pack/run55_call8.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_tg bundle_tgl" BATCHES=9,16 DEEPSEEK_BATCHES=9,16 \
  LIMIT_CELLS="16 9;16 16" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
echo "all done after $SECONDS s"
