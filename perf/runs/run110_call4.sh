#!/usr/bin/env bash
# Run 110 call 4 (built in stop 96, not run there: no device time was left). Two questions
# call 3 left, in one A/B at TP8 B = 40..64 (TP16 rides along), two rounds:
#  - LATE A PAST 32 with the trigger after the grid barrier (bundle_late64lt, branch
#    r110_late64_lt 41c7aac = late_a_past_32.patch + late_a_past_32_late_trigger.patch):
#    call 3's limits had the early trigger's next-grid traffic growing the gate/up loop and
#    the grid barrier by 0.3-0.4 us each. No tests: the code path is call 3's, whose tests
#    passed, with only the trigger's place moved to main's.
#  - How much of DOWN RING ONLY's bound (calls 2, 3b) is its early trigger: the same
#    diagnostic with the trigger after the grid barrier (bundle_drnlt, branch r110_drn_lt
#    1e013fd = down_ring_only_n64.patch + down_ring_only_n64_late_trigger.patch).
# Against main (the run109s pack's bundle), call 3's candidate (bundle_late64) and the
# early-trigger diagnostic (bundle_drn); then limits of bundle_late64lt at TP8 B = 40, 64.
# About 70 s. perf/runs/run110_prepare.sh rebuilds the packs if they are gone.
#   carry: bundle_pack/run109s.tar.xz bundle_pack/run110d.tar.xz bundle_pack/run110e.tar.xz
#          bundle_pack/run110l.tar.xz bundle_pack/run110t.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for p in run109s run110d run110e run110l run110t; do tar xJf bundle_pack/$p.tar.xz; done
for b in bundle bundle_drn bundle_drnlt bundle_late64 bundle_late64lt; do
  echo "$b $(cat $b/COMMIT)"
done | tee -a $top/head.txt
set -- bundle bundle_drn bundle_drnlt bundle_late64 bundle_late64lt
BATCHES=40,48,56,64 timeout 200 tools/gpu_ab.sh $top/ab "$@" "$@" > $top/ab.txt 2>&1
echo "ab exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/ab.txt
BUNDLE=bundle_late64lt CELLS="8 40;8 64" timeout 60 tools/limits.sh $top/l > $top/limits.txt 2>&1
echo "limits exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/limits.txt
(cd $top && tar czf ab.tgz ab && rm -rf ab l)
