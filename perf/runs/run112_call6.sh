#!/usr/bin/env bash
# Run 112 call 6 (stop 98): PRE COPY (branch r112_precopy a8413de,
# docs/experiments/pre_copy.patch): kFusedXOut's OUT AT THE WAIT copy of the first ring's
# fills 0-4 A tiles into wgmma's A registers moved before the dependency wait (the
# consumers are idle there and those weights have landed during the predecessor's tail);
# the stages' release stays after the wait, so no byte is asked for earlier (EARLY OUT,
# run 91, released before the wait too and was slower). On an H200 kFusedXOut's x landed
# 0.73 us against kFusedX's 0.43 (runs 102, 109): the copy after the wait is the suspect.
# Only kFusedXOut's PTX differs from main's (tools/same_ptx.sh FUNCTIONS=1: 72 identical).
# The candidate's 1-GPU fused, split, mailbox and watchdog tests; the A/B against main
# (the run112s pack's bundle, 7f7fda2) twice at TP8/TP16 B = 9, 16 and B = 24 (a control:
# kFusedLate, unchanged); limits at TP8 B = 9, 16. On any card (head.txt names it): a
# change to when weights are asked for is judged on an H200 (run 94).
#   carry: bundle_pack/run112s.tar.xz bundle_pack/run112p.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
for p in run112s run112p; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle/COMMIT bundle_pc/COMMIT | tee -a $top/head.txt
MAIN=bundle CANDIDATES="bundle_pc" BATCHES=9,16,24 EXTRA_TESTS=watchdog_gpu_test \
  LIMIT_CELLS="8 9;8 16" timeout 400 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|rror|mismatch|differ|HGMMA|LDL" $top/call.txt | head -30
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt | grep -v "^| [0-9]* | [0-9]* | [0-9.]*, " # the limits rows
