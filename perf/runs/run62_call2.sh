#!/usr/bin/env bash
# Run 62 call 2 (call 1 found no green context: its entry points were asked for at CUDA 12.4): the shared expert on a green context (an SM partition of the GPU), as
# built at run 62's start plus graphs/green_gpu_test and ops' shx_fused_resident_clusters
# (no library check yet): what each variant does on k SMs, the green context current or
# only the stream's, and whether the occupancy query in the stream's context counts the
# partition's SMs.
# Build first: bazel build //graphs:green_gpu_test; mkdir bundle_g; cp it there.
# carry: bundle_g
{
date -u
git rev-parse --short HEAD 2>/dev/null || true
nvidia-smi -L
} 2>&1 | tee $OUT/call2.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 500 bundle_g/green_gpu_test 2>&1 | tee -a $OUT/call2.txt
echo "green exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call2.txt
