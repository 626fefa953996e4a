#!/usr/bin/env bash
# Run 109 call 2, two GPUs of one host (nvidia-h100-x2 or nvidia-h200-x2, when one is
# lent): the suite of main with kFusedXOut merged (the run109s pack; its bundle/COMMIT
# says which commit: 0ed8144 as stop 93 left it), so that the five two-GPU tests run on
# today's kernels (cross-GPU peer stores: the fused, split and baseline groups, the
# processes test, the soak) and api_gpu_test's other-device refusal; then the main job.
# As run105_call3.sh, whose pack (run105f, 5895e0c) predates kFusedXOut's merge. About
# 400 s on one GPU.
# Build here first: `bash perf/runs/run109_prepare.sh`.   carry: bundle_pack/run109s.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; nvidia-smi topo -m; } 2>&1 | tee $top/head0.txt
PACK=bundle_pack/run109s.tar.xz timeout 580 tools/gpu_suite.sh $top/suite
echo "suite exit $? at $SECONDS s" | tee -a $top/head0.txt
tail -8 $top/suite/call.txt
