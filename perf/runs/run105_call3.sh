#!/usr/bin/env bash
# Run 105 call 3 (stop 87), two GPUs of one host (nvidia-h100-x2 or nvidia-h200-x2): the
# suite of main at 5895e0c (refused in stop 87: no two-GPU kind lent; the pack was
# run105h, 11f4caa, then), so that the five two-GPU tests (cross-GPU peer stores of
# today's kernels: fused, split and baseline groups, the processes test, the soak) and
# api_gpu_test's other-device refusal run; then the main job. About 400 s on one GPU.
# Build: as run105_call6.sh.                         carry: bundle_pack/run105f.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; nvidia-smi topo -m; } 2>&1 | tee $top/head0.txt
PACK=bundle_pack/run105f.tar.xz timeout 580 tools/gpu_suite.sh $top/suite
echo "suite exit $? at $SECONDS s" | tee -a $top/head0.txt
tail -8 $top/suite/call.txt
