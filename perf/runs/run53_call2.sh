#!/usr/bin/env bash
# Run 53 call 2: down_after_refill (dar: branch r53_down_after_refill `a6ca31b`; dar3:
# r53_dar3 `8402188`). Call 1's lane stamps at TP16 B=9: the four gate/up refills land
# 1.43-2.12 us after the wait, 0.23 us apart, while the CTA's six early down loads (issued
# as the first ring's stages free up) and the down-only CTAs' share HBM with them; the
# producer's last pre-barrier issue is 2.88 us after the wait and the h release (0.5-0.6
# us) waits for the loads in flight. Where the refills were asked into L2 before the wait
# (TP16, the DeepSeek dims; not kFusedX), the early down loads now wait until the last
# refill (dar) or the third from the end (dar3) has landed. Then the lane FILL STAMPS of
# dar (r53_dar_lfs `7c5cfed`) against main's (r53_fill_stamps_lanes_all `24bbb43`) at TP16.
# Build first (here, with Bazel):
#   git checkout r53_down_after_refill && tools/bundle.sh bundle_dar ab
#   git checkout r53_dar3 && tools/bundle.sh bundle_dar3 ab
#   git checkout r53_dar_lfs && FILL_STAMPS=1 tools/bundle.sh bundle_darlfs ab
#   (bundle, bundle_lfsa as in run53_call1.sh)
#   rm -f bundle_pack/*; tar cJf bundle_pack/run53_call2.tar.xz bundle bundle_dar \
#     bundle_dar3 bundle_lfsa bundle_darlfs
# carry: bundle_pack
date -u
tar xJf bundle_pack/run53_call2.tar.xz
for b in bundle bundle_dar bundle_dar3 bundle_lfsa bundle_darlfs; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_dar bundle_dar3" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,32,64 \
  LIMIT_CELLS="16 9;16 16;16 32;8 9" timeout 400 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
SHAPES="16 9;16 16" LINES_SHOWN=80 tools/gpu_fill_traces.sh $OUT bundle_lfsa bundle_darlfs
echo "all done after $SECONDS s"
