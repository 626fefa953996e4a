#!/usr/bin/env bash
# Run 110 call 3 (stop 96): LATE A PAST 32, the first real form after call 2's bound
# (DOWN RING ONLY at TP8 N = 40..64: 1.4-1.7 us a step on an H100). bundle_late64 (branch
# r110_late64, 269b605): kFusedLate at N = 40..64 where two CTAs share an SM: of the 5
# (N = 40, 48) or 6 (N = 56, 64) late down blocks, 5, 5, 5 and 4 take their A from the
# consumers' registers (ptxas: 146-162 registers, no spills; 6 at N = 56, 64 spilled), two
# late h tiles go into the staging area, the other late h tiles (and at N = 56, 64 the
# last blocks' weights) into the stages of the ring's down fills [2, late) once those are
# consumed; the CTA then triggers early (after the exchange). Every other instance's PTX
# is main's (tools/same_ptx.sh FUNCTIONS=1: 73 identical, 4 new). Its 1-GPU
# fused, split and mailbox tests (fused = split bit for bit at B = 48, 64 among others),
# then the A/B against main (the run109s pack's bundle) twice at B = 9 (a control), 24, 40,
# 48, 56, 64, and limits at TP8 B = 40, 64. On any card; the card is in head.txt.
#   carry: bundle_pack/run109s.tar.xz bundle_pack/run110l.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
tar xJf bundle_pack/run109s.tar.xz && tar xJf bundle_pack/run110l.tar.xz
cat bundle/COMMIT bundle_late64/COMMIT | tee -a $top/head.txt
MAIN=bundle CANDIDATES=bundle_late64 TESTS_OF=bundle_late64 BATCHES=9,24,40,48,56,64 \
  LIMIT_CELLS="8 40;8 64" timeout 500 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|rror|mismatch|differ" $top/call.txt | head -30
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt | grep -v "^| [0-9]* | [0-9]* | [0-9.]*, " # the limits rows
