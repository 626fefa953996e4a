#!/usr/bin/env bash
# Run 113 call 8 (stop 99), named nvidia-h200, any card: DOWN-ONLY AT THE STREAM'S END
# (branch r113_downonly_signal 4bbed15, docs/experiments/downonly_stream_end.patch), the
# signal-placed form of run 113's DOWN-ONLY AFTER THE WAIT: in kFusedXOut (TP8 B = 9..16)
# each gate/up CTA's producer adds 1 to a scratch counter once it has issued its last
# gate/up refill, and a down-only CTA asks for its down tile after the dependency wait and
# once every gate/up CTA has (bundle_sa) or half of them (bundle_sh, f6b92d6), at most 20
# us; the last CTA through the grid barrier re-arms the counter. Only kFusedXOut's PTX
# differs from main's (162 registers, no spills). Against main and the 5000 ns form
# (bundle_d5000, calls 4-6: 0.07-0.18 us faster on H100s): the candidate's 1-GPU fused
# (its out_at_wait flip: kFusedXOut against kFusedX, bitwise), split, mailbox and
# watchdog tests; the A/B twice at B = 9, 16, 24 (24 a control, unchanged); limits at TP8
# B = 9, 16. On an H200 first, run113_call2.sh's cut, kept as cut.tgz.
#   carry: bundle_pack/run113s.tar.xz bundle_pack/run113c.tar.xz bundle_pack/run113e.tar.xz
set -u
top=$(cd "$OUT" && pwd)
here=$(dirname "$0")
if nvidia-smi -L | grep -q H200; then
  mkdir -p $top/cut && OUT=$top/cut bash $here/run113_call2.sh > $top/cut/out.txt 2>&1
  echo "call2 exit $? at $SECONDS s"; grep -E "exit" $top/cut/head.txt
  (cd $top && tar czf cut.tgz cut && rm -rf cut)
fi
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
tar xJf bundle_pack/run113c.tar.xz && tar xJf bundle_pack/run113e.tar.xz
cat bundle_main/COMMIT bundle_sa/COMMIT bundle_sh/COMMIT bundle_d5000/COMMIT | tee -a $top/head.txt
MAIN=bundle_main CANDIDATES="bundle_sa bundle_sh bundle_d5000" TESTS_OF="bundle_sa" \
  EXTRA_TESTS=watchdog_gpu_test BATCHES=9,16,24 LIMIT_CELLS="8 9;8 16" \
  timeout $((580 - SECONDS)) tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|rror|mismatch|differ|HGMMA|LDL|out_at_wait" $top/call.txt | head -30
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt | grep -v "^| [0-9]* | [0-9]* | [0-9.]*, " # the limits rows
