#!/usr/bin/env bash
# Run 41, call 4 (perf/RESULTS.md), nvidia-h200: perf/wgmma_rate modes 19, 20 = modes 15
# and 17 (clusters of 4) with 120 KB more shared memory, one CTA per SM: call 3's clusters
# of 4 took twice mode 0's cycles, which may be CTAs of a cluster sharing an SM (little
# shared memory) rather than slower MMAs. (As run, the filter below read column 5 for the
# CTAs and printed nothing; the rows in RESULTS are from the fetched wgmma_rate.txt. Fixed
# here: column 4.)
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call4.tar.xz && cat bundle_w/COMMIT
./bundle_w/wgmma_rate 4096 > $OUT/wgmma_rate.txt 2>&1
echo "wgmma_rate exit $? after $SECONDS s"
head -1 $OUT/wgmma_rate.txt
awk 'NR > 1 && $4 == 132 && ($3 == 0 || $3 == 4 || $3 == 15 || $3 == 17 || $3 >= 19)' $OUT/wgmma_rate.txt
echo "all done after $SECONDS s"
