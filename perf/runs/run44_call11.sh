#!/usr/bin/env bash
# Run 44, call 11 (perf/RESULTS.md), nvidia-h200: the SASS of the fused kernel's N = 16
# instance (two CTAs per SM, no clusters of 16) in main (bundle_m2), fp (r44_fast_prologue)
# and x (r44_fp_trigger): were fp and x slower for their ring's timing or for their code
# (x was 0.9-1.15 us slower at TP8 B = 9..32, where its new path is not taken)?
# carry: bundle_pack
date -u
tar xJf bundle_pack/run44_call11.tar.xz
for b in bundle_m2 bundle_fp bundle_x; do
  cuobjdump --dump-sass $b/bench | awk -v pat="shared_expert_fusedILi16ELNS1_4ModeE0ELi2ELb0E" '
    /Function : / { keep = index($0, pat) > 0 } keep { print }' > $OUT/sass16_$b.txt
  echo "$b fused<16, 2>: $(wc -l < $OUT/sass16_$b.txt) lines, R2UR $(grep -c R2UR $OUT/sass16_$b.txt), HGMMA $(grep -c HGMMA $OUT/sass16_$b.txt), SYNCS $(grep -c SYNCS $OUT/sass16_$b.txt) (on uniform addresses $(grep -c 'SYNCS.*\[UR' $OUT/sass16_$b.txt)), BSSY $(grep -c BSSY $OUT/sass16_$b.txt), BRA.DIV $(grep -c 'BRA.DIV' $OUT/sass16_$b.txt), WARPSYNC $(grep -c WARPSYNC $OUT/sass16_$b.txt)"
done
cd $OUT && tar czf sass.tgz sass16_*.txt && rm sass16_*.txt
echo "all done after $SECONDS s"
