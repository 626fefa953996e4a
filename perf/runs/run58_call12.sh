#!/usr/bin/env bash
# Run 58 call 12: pdl_graph_gpu_test with its new check of the captured kernel nodes'
# memory synchronization domains (parity 1: remote mapped to physical domain 2; parity 0
# and the split variant's kernels: default), on one H200.
# Build first (here): bazel build //graphs:pdl_graph_gpu_test && mkdir -p bundle_pdl &&
#   cp bazel-bin/graphs/pdl_graph_gpu_test bundle_pdl/ && git rev-parse --short HEAD > bundle_pdl/COMMIT
#   rm -f bundle_pack/*; tar cJf bundle_pack/run58_call12.tar.xz bundle_pdl
# carry: bundle_pack
date -u
tar xJf bundle_pack/run58_call12.tar.xz && cat bundle_pdl/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 120 bundle_pdl/pdl_graph_gpu_test; echo "pdl_graph_gpu_test exit $?"
