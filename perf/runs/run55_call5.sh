#!/usr/bin/env bash
# Run 55 call 5: perf/publish_probe after a review of calls 1-3. The tagged form now
# checks the tags and writes the tiles in one pass of 16-byte loads and 8-byte stores
# (inter a template argument, no runtime division), its first poll at once or 500 or
# 1000 ns after the start, and thread 0 stamps its last copy's issue and landing. New
# m-released / m-count: the count-in once a cluster gathered and released by remote
# mbarrier arrives instead of two barrier.cluster rounds. The counters on lines of their
# own; the cold copies never reread across rows. The flat table twice, the clustered
# table once (32 launches a row).
# Build first (here, with Bazel):
#   bazel build //perf:publish_probe
#   rm -rf bundle_pp && mkdir bundle_pp && cp bazel-bin/perf/publish_probe bundle_pp/ \
#     && git rev-parse --short HEAD > bundle_pp/COMMIT
# carry: bundle_pp
date -u
echo "bundle_pp $(cat bundle_pp/COMMIT)"
cd bundle_pp
for pass in 1 2; do
  timeout 90 ./publish_probe 32 flat > $OUT/flat_$pass.txt 2>&1; echo "== flat pass $pass exit $?"
  cat $OUT/flat_$pass.txt
done
timeout 90 ./publish_probe 32 clustered > $OUT/clustered.txt 2>&1; echo "== clustered exit $?"
cat $OUT/clustered.txt
echo "all done after $SECONDS s"
