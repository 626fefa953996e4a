#!/usr/bin/env bash
# Run 113 call 3 (stop 99): DOWN-ONLY AFTER THE WAIT (branch r113_downonly_wait ce5f388,
# docs/experiments/downonly_after_wait.patch): the down-only CTAs (16 of 112 at the design
# dims) asked for their down tile (TP8 12 blocks, 1.5 MB in all; TP16 6, 0.8 MB) before
# the dependency wait, in the same burst as the gate/up CTAs' first ring, which the wait's
# return waits for (run 44: the completion waits for the traffic in flight), though they
# read it only after the grid barrier. The candidate asks for it after the wait; two more
# builds hold kFusedXOut's (TP8 B = 9..16) down-only loads 3000 and 5000 ns after the
# wait, into the end of the gate/up stream (bundle_d3000 0fef633, bundle_d5000 412574d).
# Every fused instance's PTX differs from main's (the down-only path); the delayed builds
# differ from the candidate in kFusedXOut only. Tests of bundle_a and bundle_d5000; the
# A/B twice at B = 9, 16, 64; limits at TP8 B = 9 and TP16 B = 9. On any card; a change
# to when weights are asked for is judged on an H200 (run 94).
#   carry: bundle_pack/run113c.tar.xz (bundle_main at 3522f53, main's kernels)
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
tar xJf bundle_pack/run113c.tar.xz
cat bundle_main/COMMIT bundle_a/COMMIT bundle_d3000/COMMIT bundle_d5000/COMMIT | tee -a $top/head.txt
MAIN=bundle_main CANDIDATES="bundle_a bundle_d3000 bundle_d5000" \
  TESTS_OF="bundle_a bundle_d5000" BATCHES=9,16,64 \
  LIMIT_CELLS="8 9;16 9" timeout 540 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|rror|mismatch|differ|HGMMA|LDL" $top/call.txt | head -30
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt | grep -v "^| [0-9]* | [0-9]* | [0-9.]*, " # the limits rows
