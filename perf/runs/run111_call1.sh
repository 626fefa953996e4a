#!/usr/bin/env bash
# Run 111 call 1 (stop 97): EARLY UNFIT AT N = 40..64 (branch r111_unfit 59ea92a): at two
# CTAs an SM the kFused instances at N = 40..64 trigger the next grid early (after the
# exchange, the plan's trigger point there) whether or not the down tile fits the ring.
# Run 110 call 4 found DOWN RING ONLY's 1.4-1.6 us bound (TP8 B = 40..64, an H100) almost
# all in its early trigger: with the trigger after the grid barrier the diagnostic was 0-0.35
# us faster than main, its next grid's x landing 2.0-2.2 us after the wait. Here the blocks
# past the ring still load after the grid barrier (from L2, asked there before it, as in
# main). Only those four instances' PTX differs from main's (tools/same_ptx.sh FUNCTIONS=1:
# 69 identical). Beside it EARLY UNFIT AFTER THE MMAS (branch r111_unfit_mma 38fca8d,
# bundle_unfitm): those CTAs whose tile overruns the ring trigger after their gate/up MMAs
# instead of after the exchange (its PTX differs from r111_unfit's in the N = 40..64 kFused
# instances at two CTAs an SM, with and without clusters of 16; in the cluster-16 ones the
# tile fits, so they run as before). Each candidate's 1-GPU fused, split and mailbox tests, the A/B
# against main (the run109s pack's bundle) twice at B = 9 (a control), 40, 48, 56, 64, and
# limits at TP8 B = 40, 64. On any card; the card is in head.txt.
#   carry: bundle_pack/run109s.tar.xz bundle_pack/run111u.tar.xz bundle_pack/run111m.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for p in run109s run111u run111m; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle/COMMIT bundle_unfit/COMMIT bundle_unfitm/COMMIT | tee -a $top/head.txt
MAIN=bundle CANDIDATES="bundle_unfit bundle_unfitm" BATCHES=9,40,48,56,64 \
  LIMIT_CELLS="8 40;8 64" timeout 400 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|rror|mismatch|differ" $top/call.txt | head -30
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt | grep -v "^| [0-9]* | [0-9]* | [0-9.]*, " # the limits rows
