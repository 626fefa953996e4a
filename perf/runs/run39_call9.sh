#!/usr/bin/env bash
# Run 39, call 9 (perf/RESULTS.md), nvidia-h200: the SASS of the fused kernel's TP16
# N = 16 instance (shared_expert_fused<16, kFused, 2 CTAs per SM, not cluster-16>) in
# main's bench (3979618) and in r39_skip_release's (2c47af5: call 2's slower candidate),
# for the K loop with and without the skipped arrivals. No timing.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run39_call9.tar.xz
for b in main skip; do
  cuobjdump --dump-sass bundle_sass/bench_$b > $OUT/all_$b.txt 2>&1
  awk '/Function : /{p = index($0, "shared_expert_fusedILi16ELNS1_4ModeE0ELi2ELb0E") > 0} p' \
    $OUT/all_$b.txt > $OUT/sass_$b.txt
  rm $OUT/all_$b.txt
  echo "$b: $(wc -l < $OUT/sass_$b.txt) lines, HGMMA $(grep -c HGMMA $OUT/sass_$b.txt), SYNCS $(grep -c SYNCS $OUT/sass_$b.txt)"
done
echo "all done after $SECONDS s"
