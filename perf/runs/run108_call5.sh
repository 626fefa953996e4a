#!/usr/bin/env bash
# Run 108 call 5 (stop 92): kFusedXOut's last checks before the merge, on any card.
#  1. Its SASS against the 5-fill OUT AT THE WAIT build's kFusedX (bundle_o5, a2cbd8d:
#     docs/experiments/out_at_wait.patch with 5 fills on 17a379c), which four H100 hosts
#     measured (runs 107, 108), with constant-bank offsets blanked: equal means those
#     measurements are of kFusedXOut's code.
#  2. compute-sanitizer synccheck, memcheck and racecheck at TP8 B=16 with
#     SHX_OUT_AT_WAIT=1 (profile_step: kFusedXOut whatever the card), and the watchdog test.
#  3. On an H100 only: run108_call3.sh over bundle_i rebuilt at 59e1a78 (profile_step's SHX_OUT_AT_WAIT;
#     the kernels as 5cdea1f): SASS against main, tests, sanitizers as planned, the A/B,
#     and `bench --out-at-wait` with the B=24 control (run108_call4.sh).
#   carry: bundle_pack/run108m.tar.xz bundle_pack/run108j.tar.xz bundle_pack/run106d.tar.xz
set -u
top=$(cd "$OUT" && pwd)
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
tar xJf bundle_pack/run108j.tar.xz && tar xJf bundle_pack/run106d.tar.xz
cat bundle_i/COMMIT bundle_o5/COMMIT
for side in i o5; do
  mkdir -p $top/s_$side
  cuobjdump -sass bundle_$side/group_fused_1gpu_test |
    sed -E 's/c\[0x0\]\[0x[0-9a-f]+\]/c[0x0][_]/g' |
    awk -v dir=$top/s_$side '/Function : /{n++; f=dir "/" n; print $3 > (dir "/names")} f {print > f}'
done
xout=$(grep -n "ModeE4ELi2ELb0E" $top/s_i/names | cut -d: -f1)
xo5=$(grep -n "Li16ELNS1_4ModeE2ELi2ELb0E" $top/s_o5/names | cut -d: -f1)
echo "kFusedXOut = function $xout of bundle_i; bundle_o5's kFusedX = function $xo5"
diff <(tail -n +2 $top/s_i/$xout) <(tail -n +2 $top/s_o5/$xo5) > $top/sass_xout_o5.diff
echo "kFusedXOut against bundle_o5's kFusedX: $(grep -c '^[<>]' $top/sass_xout_o5.diff) lines differ of $(wc -l < $top/s_i/$xout)"
head -8 $top/sass_xout_o5.diff
rm -rf $top/s_i $top/s_o5
SHX_OUT_AT_WAIT=1 BUNDLE=bundle_i TESTS=watchdog_gpu_test SANITIZED=fused timeout 150 \
  tools/gpu_validate.sh $top/forced > $top/forced.txt 2>&1
echo "forced kFusedXOut validate exit $? at $SECONDS s"
grep -E "^==|exit|SUMMARY|SHX_OUT_AT_WAIT|us per step" $top/forced.txt | head -20
(cd $top && tar cJf forced.tar.xz forced sass_xout_o5.diff && rm -rf forced)
# On an H200, call 3 ran step 3 already (its kernels are bundle_i's: 5cdea1f = 59e1a78).
nvidia-smi -L | grep -q H200 && { echo "an H200: call 3's checks not repeated"; exit 0; }
PACK_I=run108j.tar.xz OAW_BATCHES=9,16,24,64 bash perf/runs/run108_call3.sh
