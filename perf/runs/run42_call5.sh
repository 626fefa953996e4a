#!/usr/bin/env bash
# Run 42, call 5 (perf/RESULTS.md), nvidia-h200: perf/release_probe with mode 6 added: is
# an L2 round trip of ld.relaxed.gpu (the tagged h's reads, calls 2-4: 1.6-2.5 us for
# 12 loads a thread) slow while another CTA of the SM has copies in flight?
# carry: bundle_probe
date -u
cat bundle_probe/COMMIT
./bundle_probe/release_probe > $OUT/release_probe.txt 2>&1
echo "release_probe exit $?"
cat $OUT/release_probe.txt
echo "all done after $SECONDS s"
