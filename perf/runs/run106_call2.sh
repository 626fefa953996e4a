#!/usr/bin/env bash
# Run 106 call 2 (stop 89): run106_call1.sh (OUT AT THE WAIT against main), then, on an
# H200 only, run105_call5.sh (the DeepSeek cells with the fitted steps, ISSUER X's fill
# stamps, the timing changes old against new). Each part's outputs go into its own
# folder, archived: four files come back.
#   carry: bundle_pack/run106ab.tar.xz bundle_pack/run105h.tar.xz
#          bundle_pack/run105x.tar.xz bundle_pack/run105_stamps.tar.xz
set -u
top=$(cd "$OUT" && pwd)
mkdir -p $top/r106 $top/r105
OUT=$top/r106 timeout 300 bash perf/runs/run106_call1.sh > $top/r106.txt 2>&1
echo "run106 part exit $? at $SECONDS s"
(cd $top && tar cJf r106_all.tar.xz r106 && rm -rf r106)
cat $top/r106.txt
OUT=$top/r105 timeout 250 bash perf/runs/run105_call5.sh > $top/r105.txt 2>&1
echo "run105 part exit $? at $SECONDS s"
(cd $top && tar cJf r105_all.tar.xz r105 r105.txt && rm -rf r105)
tail -c 3000 $top/r105.txt
