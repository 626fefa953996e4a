#!/usr/bin/env bash
# Run 54 call 3: graphs/pdl_graph_gpu_test (new): the captured step graph (every rank's
# shx_record_step, then every rank's shx_tail, TP8 B=9 on one GPU) read back with
# cudaGraphGetEdges: tp - 1 programmatic edges into the fused (split: gate) kernels with
# programmatic_launch 1, none with 0 or in the baseline; each graph runs once.
# Build first (here, with Bazel):
#   bazel build //graphs:pdl_graph_gpu_test
#   rm -rf bundle_wd && mkdir bundle_wd && cp bazel-bin/graphs/pdl_graph_gpu_test bundle_wd/ \
#     && git rev-parse --short HEAD > bundle_wd/COMMIT
# carry: bundle_wd
date -u
echo "bundle_wd $(cat bundle_wd/COMMIT)"
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_wd
start=$(date +%s%N)
timeout 300 ./pdl_graph_gpu_test > $OUT/pdl_graph.txt 2>&1; code=$?
echo "== pdl_graph_gpu_test exit $code ($(( ($(date +%s%N) - start) / 1000000 )) ms)"
tail -12 $OUT/pdl_graph.txt
echo "all done after $SECONDS s"
