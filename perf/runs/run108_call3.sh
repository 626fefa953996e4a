#!/usr/bin/env bash
# Run 108 call 3 (stop 91): OUT AT THE WAIT as an instance of its own (kFusedXOut), which
# the launcher runs where the plan's out_at_wait is set (on within 3000-3800 GB/s of HBM
# peak: an H100 SXM; off on an H200), on whatever card comes. bundle_i (branch
# r108_inst, perf/runs/run108_prepare.sh): every other instance's PTX is main's but for
# the plan parameter's size (tools/same_ptx.sh FUNCTIONS=1 IGNORE_PARAM_SIZES=1 17a379c:
# 72 identical, 1 new).
#  1. SASS: tools/same_sass.sh bundle_i bundle_m with IGNORE_CONSTANT_OFFSETS=1 (every
#     instance as main's but the new one), HGMMA and LDL/STL counts.
#  2. bundle_i's 1-GPU fused (with the flip of out_at_wait at B = 9, 16, bitwise equal),
#     split, mailbox and watchdog tests, and synccheck, memcheck and racecheck of the
#     fused variant at TP8 B=16 (the plan's instance on this card).
#  3. `bench --out-at-wait` (kFusedX against kFusedXOut in one build) at TP8/TP16 B = 9,
#     16, 64, three rounds; the A/B of main (bundle_m 17a379c) and bundle_i, two rounds.
#  On an H200 also limits of both at TP8 B = 9, 16.
# About 120 s on an H100. Everything under $OUT/all.tar.xz.
# Not run in stop 91 (every later start failed; RESULTS "stop 91: device requests").
# perf/runs/run108_prepare.sh builds both packs and leaves the branch with the patch
# checked out (its tools/same_sass.sh has IGNORE_CONSTANT_OFFSETS); run this from there.
#   carry: bundle_pack/run108m.tar.xz bundle_pack/run108i.tar.xz (perf/runs/run108_prepare.sh)
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
tar xJf bundle_pack/run108m.tar.xz && tar xJf bundle_pack/${PACK_I:-run108i.tar.xz}
cat bundle_m/COMMIT bundle_i/COMMIT | tee -a $top/head.txt
h200=; nvidia-smi -L | grep -q H200 && h200=1
IGNORE_CONSTANT_OFFSETS=1 tools/same_sass.sh bundle_i bundle_m > $top/sass.txt 2>&1
echo "same_sass exit $?"; grep -v "^same" $top/sass.txt
MAIN=bundle_m CANDIDATES="bundle_i" TESTS_OF=bundle_i BATCHES=9,16,64 \
  LIMIT_CELLS=${h200:+"8 9;8 16"} timeout 250 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|HGMMA|LDL" $top/call.txt | head -20
grep -m1 "kFusedX" $top/call.txt | cut -c1-200
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt  # the limits rows (an H200 only)
BUNDLE=bundle_i TESTS=watchdog_gpu_test SANITIZED=fused timeout 150 tools/gpu_validate.sh \
  $top/v > $top/v.txt 2>&1
echo "validate bundle_i exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|SUMMARY|watchdog:" $top/v.txt
(cd bundle_i && timeout 120 ./bench --out-at-wait --batches ${OAW_BATCHES:-9,16,64} --repeat 3 \
   --csv $top/out_at_wait.csv) > $top/oaw.txt 2>&1
echo "out-at-wait exit $? at $SECONDS s" | tee -a $top/head.txt
grep -v "^\s*$" $top/oaw.txt | tail -9
(cd $top && tar cJf all.tar.xz c v oaw.txt out_at_wait.csv sass.txt 2>/dev/null; rm -rf c v)
