#!/usr/bin/env bash
# Run 32, call 11 (perf/RESULTS.md), nvidia-h200: perf/cluster_probe (bazel build
# //perf:cluster_probe, copied to bundle_probe/), the co-resident clusters of 160-thread
# CTAs by cluster size and shared memory, for the clusters-of-16 candidate at TP16.
# carry: bundle_probe
bundle_probe/cluster_probe
