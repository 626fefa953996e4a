#!/usr/bin/env bash
# Run 53 call 8: down_l2 (dl2: branch r53_down_l2 `25f451b`; dl2b: r53_down_l2_before `c432a08`).
# Where the refills were asked into L2 before the wait (kFused at TP16 and the DeepSeek
# dims), the CTA's early down tiles are asked into L2 too: right after the dependency wait
# (dl2), when HBM carries little for about 1.4 us, or before it with the refills (dl2b).
# The early down loads, issued by the producer after its refills (2.0-3.1 us after the
# wait, calls 4, 5), then hit L2 and are in flight for less of the h release (calls 2, 6:
# loads in flight lengthen it). Against main, with limits at TP16.
# Build first (here, with Bazel):
#   git checkout r53_down_l2 && tools/bundle.sh bundle_dl2 ab
#   git checkout r53_down_l2_before && tools/bundle.sh bundle_dl2b ab
#   (bundle as in run53_call1.sh)
#   rm -f bundle_pack/*; tar cJf bundle_pack/run53_call8.tar.xz bundle bundle_dl2 bundle_dl2b
# carry: bundle_pack
date -u
tar xJf bundle_pack/run53_call8.tar.xz
for b in bundle bundle_dl2 bundle_dl2b; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle CANDIDATES="bundle_dl2 bundle_dl2b" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,32,64 \
  LIMIT_CELLS="16 9;16 16;16 32" timeout 400 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
