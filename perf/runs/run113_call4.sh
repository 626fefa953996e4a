#!/usr/bin/env bash
# Run 113 call 4 (stop 99): run113_call3.sh (DOWN-ONLY AFTER THE WAIT against main), and
# first, on an H200 only, run113_call2.sh (the limits over every target cell and issue
# 3's table), about 80 s.
#   carry: bundle_pack/run113s.tar.xz bundle_pack/run113c.tar.xz
set -u
top=$(cd "$OUT" && pwd)
here=$(dirname "$0")
if nvidia-smi -L | grep -q H200; then
  mkdir -p $top/cut && OUT=$top/cut bash $here/run113_call2.sh > $top/cut/out.txt 2>&1
  echo "call2 exit $? at $SECONDS s"; grep -E "exit" $top/cut/head.txt
  (cd $top && tar czf cut.tgz cut && rm -rf cut) # the device returns few files
fi
mkdir -p $top/ab && OUT=$top/ab timeout $((585 - SECONDS)) bash $here/run113_call3.sh
echo "call3 exit $? at $SECONDS s"
