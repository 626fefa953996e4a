#!/usr/bin/env bash
# Run 112 call 2 (stop 98): this stop's host changes on a GPU, then, on an H200 only,
# run 112 call 1's limits over every target cell (the acceptance's card).
# The changes (no kernel change: tools/same_ptx.sh, every .cu's PTX identical to
# 5bbe9e9's kernels): shx_check_device forgets the op's recorded pushes and gate when it
# reports a timeout (graphs/watchdog_gpu_test's new case 4); policy_path refuses what is
# not a regular file (CPU, policy_test); the fused plan's H bound; SharedDown's plan
# keeps to 132 SMs. Runs api_gpu_test, watchdog_gpu_test, group_fused_1gpu_test and the
# main job (decode_step on testdata/golden), about 60 s; then, where nvidia-smi names an
# H200, tools/limits.sh as run112_call1.sh runs it, about 25 s.
#   carry: bundle_pack/run112s.tar.xz (tools/bundle.sh bundle; tar cJf
#          bundle_pack/run112s.tar.xz bundle)
set -u
source tools/gpu_env.sh "$OUT"
top=$out
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
tar xJf bundle_pack/run112s.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
TAIL=8 run_bundle_tests api_gpu_test watchdog_gpu_test group_fused_1gpu_test 2>&1 \
  | tee $top/tests.txt
(cd bundle && timeout 120 ./decode_step ../testdata/golden) > $top/decode_step.txt 2>&1
echo "decode_step exit $? at $SECONDS s" | tee -a $top/head.txt
tail -12 $top/decode_step.txt
if ! nvidia-smi -L | grep -q H200; then
  echo "run112_call2: not an H200; no limits" | tee -a $top/head.txt
  exit 0
fi
design="8 9;8 13;8 16;8 24;8 32;8 40;8 48;8 56;8 64;8 128"
design="$design;16 9;16 13;16 16;16 24;16 32;16 40;16 48;16 56;16 64;16 128"
CELLS="$design" timeout 420 tools/limits.sh $top/l > $top/limits.txt 2>&1
echo "limits exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/limits.txt
SHX_DIMS=deepseek CELLS="8 9;8 64;16 9;16 64" timeout 100 tools/limits.sh $top/lds \
  > $top/limits_deepseek.txt 2>&1
echo "limits deepseek exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/limits_deepseek.txt
rm -rf $top/l $top/lds
