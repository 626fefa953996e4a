#!/usr/bin/env bash
# Run 112 call 7 (stop 98): PRE COPY (r112_precopy a8413de) was 0.45-0.5 us slower than
# main at TP8 B = 9, 16 on an H100 (call 6): its x landed 0.27 us sooner and its gate/up
# loop 0.24 shorter, but the grid barrier grew 0.3-0.4 us and the gap to the next wait 0.5,
# i.e. the step before it ran slower. Suspect: its consumers wait for the first ring's
# fills 0-4 before the dependency wait in a try_wait loop beside the predecessor's CTAs,
# where main's sit in griddepcontrol.wait (one ACQBULK, no spin: run 41 call 12). PRE COPY
# SLEEP (r112_precopy_sleep, docs/experiments/pre_copy_sleep.patch on pre_copy.patch)
# gives each try a 20 us suspend-time hint, so the warps sleep until the phase completes.
# The candidates' 1-GPU fused test; the A/B of main, PRE COPY and PRE COPY SLEEP twice at
# TP8 B = 9, 16 and B = 24 (the control); limits at TP8 B = 9.
#   carry: bundle_pack/run112s.tar.xz bundle_pack/run112p.tar.xz bundle_pack/run112q.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
for p in run112s run112p run112q; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle/COMMIT bundle_pc/COMMIT bundle_pcs/COMMIT | tee -a $top/head.txt
MAIN=bundle CANDIDATES="bundle_pc bundle_pcs" TESTS_OF=bundle_pcs BATCHES=9,16,24 \
  LIMIT_CELLS="8 9" timeout 400 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|rror|mismatch|differ|HGMMA|LDL" $top/call.txt | head -30
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt | grep -v "^| [0-9]* | [0-9]* | [0-9.]*, " # the limits rows
