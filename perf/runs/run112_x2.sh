#!/usr/bin/env bash
# Run 112, two GPUs of one host (nvidia-h100-x2 or nvidia-h200-x2, when one is lent): the
# whole suite of this stop's main (the run112s pack, 7f7fda2: kFusedXOut as the plan's
# choice, run 109's kernels, PTX unchanged since; the host changes of run 112 call 2), so
# that the five two-GPU tests (cross-GPU peer stores: the fused, split and baseline groups,
# the processes test, the soak) and api_gpu_test's other-device refusal run on today's
# code. It replaces run109_call2.sh, whose pack predates this stop's host changes. About
# 400 s.
#   carry: bundle_pack/run112s.tar.xz (tools/bundle.sh bundle; tar cJf
#          bundle_pack/run112s.tar.xz bundle)
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; nvidia-smi topo -m; } 2>&1 | tee $top/head0.txt
PACK=bundle_pack/run112s.tar.xz timeout 580 tools/gpu_suite.sh $top/suite
echo "suite exit $? at $SECONDS s" | tee -a $top/head0.txt
tail -8 $top/suite/call.txt
