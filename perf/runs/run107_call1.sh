#!/usr/bin/env bash
# Run 107 call 1 (stop 90): one machine start for the two open H200 questions.
#  1. perf/runs/run106_call7.sh on any card: the A/B of main against OUT AT THE WAIT with
#     4 and 5 fills at TP8/TP16 B = 9, 16, 64; on an H200 also limits and FILL STAMPS.
#     16 s on an H100 (run 107 call 1), about 90 s on an H200. FILL STAMPS of main and
#     of both candidates (bundle_so5 from bundle_pack/run107s.tar.xz, built at 18:58).
#  2. On an H200 only: perf/runs/run105_call5.sh (the DeepSeek cells with the fitted
#     steps, ISSUER X's stamps, the timing review old against new). Up to 450 s; skipped
#     with SHORT=1 (little device time left).
# Everything under $OUT/all.tar.xz; the A/B table and the heads on stdout.
#   carry: bundle_pack/run106ab.tar.xz bundle_pack/run106d.tar.xz bundle_pack/run107s.tar.xz
#          (with SHORT=1 these three; else also) bundle_pack/run105h.tar.xz
#          bundle_pack/run105x.tar.xz bundle_pack/run105_stamps.tar.xz
set -u
top=$(cd "$OUT" && pwd)
mkdir -p $top/r106 $top/r105
OUT=$top/r106 STAMPED="bundle_sm bundle_so4 bundle_so5" bash perf/runs/run106_call7.sh \
  > $top/r106.txt 2>&1
echo "run106_call7 exit $? at $SECONDS s"
cat $top/r106.txt
if [ -z "${SHORT:-}" ] && nvidia-smi -L | grep -q H200; then
  OUT=$top/r105 timeout 480 bash perf/runs/run105_call5.sh > $top/r105.txt 2>&1
  echo "run105_call5 exit $? at $SECONDS s"
  grep -E "exit|^\| (8|16) " $top/r105.txt | head -60
fi
tar cJf $top/all.tar.xz -C $top r106 r105 r106.txt r105.txt 2>/dev/null
rm -rf $top/r106 $top/r105
