#!/usr/bin/env bash
# Run 44, call 7 (perf/RESULTS.md), nvidia-h200: fp (r44_fast_prologue: the producer
# issues the first ring at the kernel's start, initializing its full barriers itself;
# the prologue took 1.8 us from the kernel's first instruction to the first ring load,
# calls 5, 6) against main (bundle_m2): tests, the A/B twice at both dims, traces and
# limits at TP8 and TP16 B=9.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run44_call7.tar.xz && cat bundle_m2/COMMIT bundle_fp/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m2 CANDIDATES="bundle_fp" BATCHES=9,16,32,64,128 DEEPSEEK_BATCHES=9,64 \
  LIMIT_CELLS="8 9;16 9;16 32" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
cat $OUT/c/ab.txt $OUT/c/abds.txt | grep -E "^==|^ +(8|16) +"
for shape in "16 9" "8 9"; do
  for b in bundle_m2 bundle_fp; do
    (cd $b && timeout 30 ./profile_step fused $shape 40 1 trace 2>&1 | grep -E "per step|^launch" | sed "s/^/$b $shape: /")
  done
done
echo "all done after $SECONDS s"
