#!/usr/bin/env bash
# Run 44, call 10 (perf/RESULTS.md), nvidia-h200: the first ring at the kernel's start
# only where the CTA triggers early at N <= 32 (r44_fp_trigger), with that trigger moved
# later so that the next grid's ring goes out about when this grid's h loads have gone:
# x, after the exchange (kEntryTriggerPoint 1); h, after the CTA's h stores (2); against
# main (bundle_m2). Tests, the A/B twice at both dims, limits at TP16 B = 9, 32.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run44_call10.tar.xz && cat bundle_m2/COMMIT bundle_x/COMMIT bundle_h/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m2 CANDIDATES="bundle_x bundle_h" BATCHES=8,9,16,24,32,64 DEEPSEEK_BATCHES=9,32 \
  LIMIT_CELLS="16 9;16 32" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
cat $OUT/c/ab.txt $OUT/c/abds.txt | grep -E "^==|^ +(8|16) +"
echo "all done after $SECONDS s"
