#!/usr/bin/env bash
# Run 42, call 7 (perf/RESULTS.md), nvidia-h200: the SASS of the tagged h's read path
# (bundle_t3, the N = 16 fused instance at two CTAs per SM): why do 12 loads a thread
# take 1.7 us (calls 4, 6)?
# carry: bundle_pack
date -u
tar xJf bundle_pack/run42_call6.tar.xz && cat bundle_t3/COMMIT
fn=$(cuobjdump --list-elf bundle_t3/bench >/dev/null 2>&1; cuobjdump --dump-sass bundle_t3/bench 2>/dev/null | grep -o "Function : .*shared_expert_fusedILi16ELNS1_4ModeE0ELi2ELb0E[^ ]*" | head -1)
echo "$fn"
cuobjdump --dump-sass bundle_t3/bench > $OUT/sass_all.txt 2>&1
awk -v f="${fn#Function : }" '$0 ~ "Function : "f {p=1} p && /Function : / && $0 !~ f {p=0} p' $OUT/sass_all.txt > $OUT/sass_n16.txt
wc -l $OUT/sass_n16.txt
grep -n "STRONG.GPU\|MEMBAR\|CCTL\|FENCE\|BAR.SYNC\|ERRBAR" $OUT/sass_n16.txt | head -80
rm -f $OUT/sass_all.txt
echo "all done after $SECONDS s"
