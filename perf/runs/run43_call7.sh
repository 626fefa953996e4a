#!/usr/bin/env bash
# Run 43, call 7 (perf/RESULTS.md), nvidia-h200: call 6's u (r43_uniform_role) and u2
# (r43_uniform_down, on u: the ring cursor re-read as warp-uniform values, shuffles from
# lane 0, before the down jobs, whose loop kept 16 R2UR a fill in u) against main
# (bundle_m): SASS counts, tests, traces, the A/B at both dims and limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run43_call7.tar.xz && cat bundle_m/COMMIT bundle_u/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_m bundle_u bundle_u2; do
  cuobjdump --dump-sass $b/bench | awk -v pat="shared_expert_fusedILi16ELNS1_4ModeE0ELi2ELb0E" '
    /Function : / { keep = index($0, pat) > 0 } keep { print }' > $OUT/sass16_$b.txt
  echo "$b fused<16, 2>: $(wc -l < $OUT/sass16_$b.txt) lines, R2UR $(grep -c R2UR $OUT/sass16_$b.txt), uniform ops $(grep -cE ' U(LOP3|IADD3|MOV|LEA|SHF|SEL|ISETP)' $OUT/sass16_$b.txt), HGMMA $(grep -c HGMMA $OUT/sass16_$b.txt)"
done
MAIN=bundle_m CANDIDATES="bundle_u bundle_u2" BATCHES=9,16,24,32,64,128 DEEPSEEK_BATCHES=9,64 \
  LIMIT_CELLS="8 9;16 9;16 32" TRACES="16 9" timeout 420 tools/gpu_candidates.sh $OUT/c \
  > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
cat $OUT/c/ab.txt $OUT/c/abds.txt | grep -E "^==|^ +(8|16) +"
grep -E "^\| " $OUT/candidates.txt
echo "all done after $SECONDS s"
