#!/usr/bin/env bash
# Run 113 call 6 (stop 99), named nvidia-h200. DOWN-ONLY AFTER THE WAIT (run 113 calls
# 4-5: on two H100s the 5000 ns form was 0.11-0.18 us faster at TP8 B = 9, 16) and a 4000
# ns form (bundle_d4000, branch r113_downonly_wait_4000 3396d98: on an H200 the gate/up
# stream ends about 1.3 us sooner after the wait) against main, three rounds at B = 9, 16,
# 24 (24: the candidate's code without a delay), limits at TP8 B = 9, 16. No tests (call 4
# ran them for the candidate and the 5000 ns form; the delay changes only when the loads
# go out).
#  On an H200 first, run113_call2.sh's cut (the limits over every target cell and issue
#  3's table, about 80 s), kept as cut.tgz.
#   carry: bundle_pack/run113s.tar.xz bundle_pack/run113c.tar.xz bundle_pack/run113d.tar.xz
set -u
top=$(cd "$OUT" && pwd)
here=$(dirname "$0")
if nvidia-smi -L | grep -q H200; then
  mkdir -p $top/cut && OUT=$top/cut bash $here/run113_call2.sh > $top/cut/out.txt 2>&1
  echo "call2 exit $? at $SECONDS s"; grep -E "exit" $top/cut/head.txt
  (cd $top && tar czf cut.tgz cut && rm -rf cut)
fi
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
tar xJf bundle_pack/run113c.tar.xz && tar xJf bundle_pack/run113d.tar.xz
cat bundle_main/COMMIT bundle_a/COMMIT bundle_d4000/COMMIT bundle_d5000/COMMIT | tee -a $top/head.txt
source tools/gpu_env.sh "$top"
set -- bundle_main bundle_a bundle_d4000 bundle_d5000
BATCHES=9,16,24 tools/gpu_ab.sh $top/ab "$@" "$@" "$@" > $top/ab.txt 2>&1
echo "ab exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/ab.txt
for b in "$@"; do
  echo "limits $b"
  BUNDLE=$b CELLS="8 9;8 16" timeout 60 tools/limits.sh $top/l_$b 2>&1 | grep "^| 8 "
  rm -rf $top/l_$b
done
(cd $top && tar czf ab.tgz ab && rm -rf ab)
