#!/usr/bin/env bash
# Run 112, two GPUs of one host (nvidia-h100-x2 or nvidia-h200-x2, when one is lent): the
# whole suite of this stop's main (the run112v pack, e00ec71: kFusedXOut as the plan's
# choice, run 109's fused kernels, PTX unchanged since; stop 98's host fixes and the
# tail's flag re-read), so
# that the five two-GPU tests (cross-GPU peer stores: the fused, split and baseline groups,
# the processes test, the soak) and api_gpu_test's other-device refusal run on today's
# code. It replaces run109_call2.sh, whose pack predates this stop's host changes. About
# 400 s.
#   carry: bundle_pack/run112v.tar.xz (at e00ec71 or later: tools/bundle.sh bundle; tar cJf
#          bundle_pack/run112v.tar.xz bundle)
# PACK picks another full bundle's pack (stop 102: bundle_pack/run114s.tar.xz, de033fb,
# today's product code; run114ses, 7744313, is r115_merge_se's): carry that one instead.
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; nvidia-smi topo -m; } 2>&1 | tee $top/head0.txt
PACK=${PACK:-bundle_pack/run112v.tar.xz} timeout 580 tools/gpu_suite.sh $top/suite
echo "suite exit $? at $SECONDS s" | tee -a $top/head0.txt
tail -8 $top/suite/call.txt
