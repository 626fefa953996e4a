#!/usr/bin/env bash
# Run 110 call 4 (stop 96): LATE A PAST 32 with the trigger after the grid barrier at N =
# 40..64 (bundle_late64lt, branch r110_late64_lt on r110_late64): call 3's limits had the
# early trigger's next-grid traffic growing the gate/up loop and the grid barrier by 0.3-0.4
# us each. Against main (the run109s pack's bundle) and call 3's candidate (bundle_late64),
# two rounds at TP8 B = 40..64 (TP16 rides along unchanged). No tests: the code path is call
# 3's, whose tests passed, with only the trigger's place moved to main's.
#   carry: bundle_pack/run109s.tar.xz bundle_pack/run110l.tar.xz bundle_pack/run110t.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for p in run109s run110l run110t; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle/COMMIT bundle_late64/COMMIT bundle_late64lt/COMMIT | tee -a $top/head.txt
BATCHES=40,48,56,64 timeout 150 tools/gpu_ab.sh $top/ab bundle bundle_late64 bundle_late64lt \
  bundle bundle_late64 bundle_late64lt > $top/ab.txt 2>&1
echo "ab exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/ab.txt
(cd $top && tar czf ab.tgz ab && rm -rf ab)
