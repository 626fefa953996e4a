#!/usr/bin/env bash
# Run 53 call 4 (a diagnostic, call 3 again): what spaces TP16's refills 0.2 us apart (calls 1, 2: they
# land 1.43-2.12 us after the wait; the producer's last pre-barrier load goes out about 2.9
# us after it). issue_stamps (branch r53_issue_stamps `b9395c5`, on the lane FILL STAMPS in
# every instance; docs/experiments/issue_stamps_r53.patch): the producer stamps when each
# fill past its first ring found its stage free and when its loads were issued; against
# lfsa (r53_fill_stamps_lanes_all `24bbb43`) at TP16 B = 9, 16. Call 3 ran `e7853ee`, whose stamps went
# through the untraced timing launch's null trace pointer (a fault), and lfsa at B=32 printed
# nothing within its 60 s timeout (not looked into), so B=32 is left out here.
# Build first (here, with Bazel):
#   git checkout r53_issue_stamps && FILL_STAMPS=1 tools/bundle.sh bundle_iss ab
#   (bundle_lfsa as in run53_call1.sh)
#   rm -f bundle_pack/*; tar cJf bundle_pack/run53_call4.tar.xz bundle_lfsa bundle_iss
# carry: bundle_pack
date -u
tar xJf bundle_pack/run53_call4.tar.xz
for b in bundle_lfsa bundle_iss; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SHAPES="16 9;16 16" LINES_SHOWN=120 tools/gpu_fill_traces.sh $OUT bundle_lfsa bundle_iss
grep -E "^==|^fills \| (past|\+)" $OUT/traces.txt
echo "all done after $SECONDS s"
