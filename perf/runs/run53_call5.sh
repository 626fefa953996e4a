#!/usr/bin/env bash
# Run 53 call 5: batched_stage_waits (bsw: branch r53_batched_waits `2925e02`). Call 4's
# issue stamps at TP16 B=9: the producer found each refill's stage free 0.13-0.16 us after
# issuing the previous fill (the stages had been released long before: the first ring's
# fills landed 0.61-0.96 us after the wait) and took 0.1-0.15 us to issue one; the
# refills went out 1.02-1.78 us after the wait and landed at that pace (0.2-0.28 us
# apart), the six early down loads 2.03-3.04. Where a CTA's refills are fewer than its
# stages (kFused: TP16, the DeepSeek dims), the producer now waits once for the last
# refill's stage and once for the last early down load's, then issues back to back.
# Then the issue stamps of bsw (r53_bsw_iss `f3759c2`) against main's (r53_issue_stamps
# `b9395c5`) at TP16 B = 9, 16.
# Build first (here, with Bazel):
#   git checkout r53_batched_waits && tools/bundle.sh bundle_bsw ab
#   git checkout r53_bsw_iss && FILL_STAMPS=1 tools/bundle.sh bundle_bswiss ab
#   (bundle as in run53_call1.sh, bundle_iss as in run53_call4.sh)
#   rm -f bundle_pack/*; tar cJf bundle_pack/run53_call5.tar.xz bundle bundle_bsw \
#     bundle_iss bundle_bswiss
# carry: bundle_pack
date -u
tar xJf bundle_pack/run53_call5.tar.xz
for b in bundle bundle_bsw bundle_iss bundle_bswiss; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_bsw" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,32,64 \
  LIMIT_CELLS="16 9;16 16;16 32;8 9" timeout 300 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
SHAPES="16 9;16 16" LINES_SHOWN=120 tools/gpu_fill_traces.sh $OUT bundle_iss bundle_bswiss
grep -E "^==|^fills \| (past|\+)" $OUT/traces.txt
echo "all done after $SECONDS s"
