#!/usr/bin/env bash
# Run 42, call 9 (perf/RESULTS.md), nvidia-h200: perf/release_probe with modes 7, 8: do
# 24 relaxed 16-byte loads a thread (64 threads, L2-resident lines, the tagged h's read)
# take as long as in the kernel (1.4-2.5 us, calls 4-8) while another CTA of the SM has
# 12 copies in flight, and does one 2 KB bulk copy (TMA, as the released h is read)?
# carry: bundle_probe
date -u
cat bundle_probe/COMMIT
./bundle_probe/release_probe > $OUT/release_probe.txt 2>&1
echo "release_probe exit $?"
cat $OUT/release_probe.txt
echo "all done after $SECONDS s"
