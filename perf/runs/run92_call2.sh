#!/usr/bin/env bash
# Run 92 call 2: OWN PREFETCH (branch r92_own_prefetch, 452da20) around call 1's best form
# (on an H100: W = 8 asked 1024 SM cycles after the wait, TP8 B = 9, 16 0.15-0.18 us
# faster than main; W = 8 at once 0.07-0.16 slower, W = 18 at once 1.3 slower). Builds,
# each the commit with SHX_OWN_PREFETCH_REFILLS / SHX_OWN_PREFETCH_DELAY changed: W = 8 at
# 512, 1024, 2048 cycles, W = 12 and W = 4 at 1024.
# W = 8 / 1024's fused group and mailbox tests, the A/B against main (f70247f, kernels as
# 308772a) alternated, two rounds at TP8 B = 9, 16, tools/limits.sh of main and W = 8 /
# 1024 at TP8 B=9, and their FILL STAMPS, two rounds alternated.
# Build (here): call 1's bundle_m92 and bundle_fs_m92 (on main); on r92_own_prefetch
#   tools/bundle.sh bundle_wWdD ab with the two defines set in ops/fused.cu, and
#   FILL_STAMPS=1 for bundle_fs_w8d1024;
#   tar cJf bundle_pack_op2/run92c2.tar.xz bundle_m92/{COMMIT,bench,profile_step}
#   bundle_w8d1024 bundle_w{8d512,8d2048,12d1024,4d1024}/{COMMIT,bench,profile_step}
#   bundle_fs_m92/{COMMIT,profile_step} bundle_fs_w8d1024/{COMMIT,profile_step}
# carry: bundle_pack_op2
{
date -u
tar xJf bundle_pack_op2/run92c2.tar.xz
for b in bundle_m92 bundle_w8d1024 bundle_w8d512 bundle_w8d2048 bundle_w12d1024 bundle_w4d1024 \
  bundle_fs_m92 bundle_fs_w8d1024; do
  echo "$b: $(cat $b/COMMIT)"
done
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
failed=0
for t in group_fused_1gpu_test mailbox_gpu_test; do
  (cd bundle_w8d1024 && timeout 60 ./$t > $OUT/w8d1024_$t.log 2>&1)
  rc=$?; [ $rc -ne 0 ] && failed=1
  echo "bundle_w8d1024 $t: exit $rc after $SECONDS s" | tee -a $OUT/call.txt
  grep -E "SHX_DEVICE_TIMEOUT|bitwise|passed|FAIL" $OUT/w8d1024_$t.log | tail -3 |
    tee -a $OUT/call.txt
done
if [ $failed -ne 0 ]; then
  (cd $OUT && tar czf logs.tgz *.log && rm -f *.log); echo "stopped: a test failed"; exit 1
fi
for round in 1 2; do
  BATCHES=9,16 tools/gpu_ab.sh $OUT/d$round bundle_m92 bundle_w8d512 bundle_w8d1024 \
    bundle_w8d2048 bundle_w12d1024 bundle_w4d1024 |
    grep -v "^ *$"
done 2>&1 | tee -a $OUT/call.txt
for b in bundle_m92 bundle_w8d1024; do
  echo "== limits $b"
  BUNDLE=$b CELLS="8 9" tools/limits.sh $OUT/lim_$b
done 2>&1 | tee -a $OUT/call.txt
for round in 1 2; do
  for b in bundle_fs_m92 bundle_fs_w8d1024; do
    echo "== $b round $round"
    (cd $b && timeout 60 ./profile_step fused 8 9 40 1 trace 2>&1) > $OUT/${b}_$round.txt
    echo "exit $?"
    grep -E "us per step|^fills \| us after" $OUT/${b}_$round.txt
  done
done 2>&1 | tee -a $OUT/call.txt
(cd $OUT && rm -f */*.err; tar czf ab.tgz d[12] lim_* 2>/dev/null; rm -rf d1 d2 lim_*
  tar czf traces.tgz bundle_fs_*.txt && rm -f bundle_fs_*.txt
  tar czf logs.tgz *.log && rm -f *.log)
echo "done after $SECONDS s" | tee -a $OUT/call.txt
