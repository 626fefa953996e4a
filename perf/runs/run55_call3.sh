#!/usr/bin/env bash
# Run 55 call 3: perf/publish_probe's clustered table: every launch in clusters of 8,
# the forms released and count (the kernel's flat count-in: 96 arrivals, 112 pollers),
# c-released and c-count (counted once a cluster: a cluster barrier gathers, the leader's
# thread 0 counts in and polls for 14 clusters, a second cluster barrier lets the cluster
# go). Then the flat table once more (32 launches a row).
# Build first (here, with Bazel):
#   bazel build //perf:publish_probe
#   rm -rf bundle_pp && mkdir bundle_pp && cp bazel-bin/perf/publish_probe bundle_pp/ \
#     && git rev-parse --short HEAD > bundle_pp/COMMIT
# carry: bundle_pp
date -u
echo "bundle_pp $(cat bundle_pp/COMMIT)"
cd bundle_pp
for pass in 1 2; do
  timeout 60 ./publish_probe 32 clustered > $OUT/clustered_$pass.txt 2>&1; code=$?
  echo "== publish_probe clustered pass $pass exit $code"
  cat $OUT/clustered_$pass.txt
done
timeout 60 ./publish_probe 32 flat > $OUT/flat.txt 2>&1; echo "== flat exit $?"
cat $OUT/flat.txt
echo "all done after $SECONDS s"
