#!/usr/bin/env bash
# Run 105 call 5 (stop 87), an H200 only (exits at once elsewhere): run105_call2.sh (the
# DeepSeek cells with the fitted steps; FILL STAMPS of main and ISSUER X), then
# run105_call4.sh (the timing review's changes, old against new, where an H200's 60 MiB
# L2 could have held the old footprints).
#   carry: bundle_pack/run105h.tar.xz bundle_pack/run105x.tar.xz bundle_pack/run105_stamps.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head0.txt
if ! nvidia-smi -L | grep -q H200; then echo "not an H200: nothing run"; exit 0; fi
mkdir -p $top/c2 $top/c4
OUT=$top/c2 bash perf/runs/run105_call2.sh > $top/c2.txt 2>&1
echo "call 2 part exit $? at $SECONDS s" | tee -a $top/head0.txt
OUT=$top/c4 bash perf/runs/run105_call4.sh > $top/c4.txt 2>&1
echo "call 4 part exit $? at $SECONDS s" | tee -a $top/head0.txt
# Everything into one archive: a call brings back only a few files.
tar cJf $top/all.tar.xz -C $top c2 c4 c2.txt c4.txt && rm -rf $top/c2 $top/c4
cat $top/c2.txt; cat $top/c4.txt
