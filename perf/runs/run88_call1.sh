#!/usr/bin/env bash
# Run 88 call 1: GAVE UP lean (branch r88_lean, 49ff931 = r87_nan without the producer
# and refill issuer stops before the grid barrier, which run 87 call 2 found cost
# 0.26-0.59 us at the design TP8; the stops after it, the NaN decisions and the flag
# read at the start kept). Its watchdog_gpu_test (every GAVE UP check: the flagged
# steps, fused and split, push NaN; the stuck grid barrier leaves NaN in the other ranks'
# outputs), the 1-GPU fused and split groups (every B, TP8 and TP16), then the A/B
# against main (fab34f8), alternated, two rounds at the design dims B = 9, 16, 32, 64.
# Build first (here): in a worktree of r88_lean, bazel build //perf:bench
#   //perf:profile_step //graphs:watchdog_gpu_test //graphs:group_fused_1gpu_test
#   //graphs:group_split_1gpu_test, copied into bundle_lean (COMMIT 49ff931); then
#   tar cJf bundle_pack_lean/run88.tar.xz bundle/{COMMIT,bench,profile_step} bundle_lean
# carry: bundle_pack_lean (about 3 MB)
{
date -u
tar xJf bundle_pack_lean/run88.tar.xz && cat bundle/COMMIT bundle_lean/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for t in watchdog_gpu_test group_fused_1gpu_test group_split_1gpu_test; do
  (cd bundle_lean && timeout 120 ./$t > $OUT/lean_$t.log 2>&1)
  echo "lean $t: exit $? after $SECONDS s"
  grep -E "NaN \(|SHX_DEVICE_TIMEOUT|bitwise|watchdog:|passed" $OUT/lean_$t.log | head -16
done 2>&1 | tee -a $OUT/call.txt
for round in 1 2; do
  BATCHES=9,16,32,64 tools/gpu_ab.sh $OUT/d$round bundle bundle_lean | grep -v "^ *$"
done 2>&1 | tee -a $OUT/call.txt
(cd $OUT && rm -f */*.err && tar czf ab.tgz d1 d2 && rm -rf d1 d2 && tar czf logs.tgz *.log &&
  rm -f *.log)
echo "done after $SECONDS s" | tee -a $OUT/call.txt
