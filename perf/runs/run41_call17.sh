#!/usr/bin/env bash
# Run 41, call 17 (perf/RESULTS.md), nvidia-h200: perf/release_probe with mode 2 (L2
# prefetches of the bytes instead of copies): does the h release also wait for the CTA's
# L2 prefetches in flight (the fused kernel asks its late TP8 down blocks into L2 at the
# end of the gate/up stream)? Calls 15, 16 held only the copies.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call17.tar.xz && cat bundle_r/COMMIT
./bundle_r/release_probe > $OUT/release_probe.txt 2>&1
echo "release_probe exit $?"
cat $OUT/release_probe.txt
echo "all done after $SECONDS s"
