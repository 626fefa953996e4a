#!/usr/bin/env bash
# Run 43, call 11 (perf/RESULTS.md), nvidia-h200: u4 (r43_uniform_work: the work's K
# counts and starts, read from the plan's arrays at the CTA's index, as warp-uniform
# values, and the ring cursor re-read uniform before the down jobs) against main
# (bundle_mu, 4c57a8e: warp_index_uniform): SASS counts, tests, the A/B at both dims,
# and compute-sanitizer on u4 (fused and split at TP8 B=16).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run43_call11.tar.xz && cat bundle_mu/COMMIT bundle_u4/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_mu bundle_u4; do
  cuobjdump --dump-sass $b/bench | awk -v pat="shared_expert_fusedILi16ELNS1_4ModeE0ELi2ELb0E" '
    /Function : / { keep = index($0, pat) > 0 } keep { print }' > $OUT/sass16_$b.txt
  echo "$b fused<16, 2>: $(wc -l < $OUT/sass16_$b.txt) lines, R2UR $(grep -c R2UR $OUT/sass16_$b.txt), SYNCS on uniform addresses $(grep -c 'SYNCS.*\[UR' $OUT/sass16_$b.txt) of $(grep -c SYNCS $OUT/sass16_$b.txt)"
done
MAIN=bundle_mu CANDIDATES="bundle_u4" BATCHES=9,16,32,64,128 DEEPSEEK_BATCHES=9,64 \
  TRACES="16 9" timeout 300 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
cat $OUT/c/ab.txt $OUT/c/abds.txt | grep -E "^==|^ +(8|16) +"
BUNDLE=bundle_u4 TESTS=" " SANITIZED="fused split" timeout 120 tools/gpu_validate.sh $OUT/v \
  2>&1 | grep -E "^==|exit|SUMMARY"
echo "all done after $SECONDS s"
