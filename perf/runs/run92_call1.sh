#!/usr/bin/env bash
# Run 92 call 1: OWN PREFETCH (branch r92_own_prefetch, 452da20): in kFusedX (the design
# TP8 at B = 9..16) the producer asks L2 for its own CTA's first W gate/up refills right
# after the dependency wait, when the first ring has landed and fills land at 0.2-0.7 TB/s
# until the first refill (run 91 call 1's fill stamps). Only kFusedX's PTX differs from
# main's (86 registers, no spills). Builds: W = 8 (the commit), W = 18 (every refill),
# W = 8 issued 1024 SM cycles after the wait (the constant changed in each).
# The candidate's 1-GPU fused group test and mailbox test, then the A/B against main
# (f70247f, kernels as 308772a) alternated, two rounds at TP8 B = 9, 16, tools/limits.sh
# at TP8 B=9, and the FILL STAMPS of main against W = 8, two rounds alternated.
# Build (here, on r92_own_prefetch; main's on main):
#   git checkout main; tools/bundle.sh bundle_m92 ab; FILL_STAMPS=1 tools/bundle.sh
#   bundle_fs_m92 ab; git checkout r92_own_prefetch; tools/bundle.sh bundle_op8 ab;
#   FILL_STAMPS=1 tools/bundle.sh bundle_fs_op8 ab; then bundle_op18 and bundle_op8d with
#   SHX_OWN_PREFETCH_REFILLS 18 / SHX_OWN_PREFETCH_DELAY 1024 in ops/fused.cu;
#   tar cJf bundle_pack_op/run92.tar.xz bundle_m92/{COMMIT,bench,profile_step} bundle_op8
#   bundle_op18/{COMMIT,bench,profile_step} bundle_op8d/{COMMIT,bench,profile_step}
#   bundle_fs_m92/{COMMIT,profile_step} bundle_fs_op8/{COMMIT,profile_step}
# carry: bundle_pack_op
{
date -u
tar xJf bundle_pack_op/run92.tar.xz
for b in bundle_m92 bundle_op8 bundle_op18 bundle_op8d bundle_fs_m92 bundle_fs_op8; do
  echo "$b: $(cat $b/COMMIT)"
done
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
failed=0
for t in group_fused_1gpu_test mailbox_gpu_test; do
  (cd bundle_op8 && timeout 60 ./$t > $OUT/op8_$t.log 2>&1)
  rc=$?; [ $rc -ne 0 ] && failed=1
  echo "bundle_op8 $t: exit $rc after $SECONDS s" | tee -a $OUT/call.txt
  grep -E "SHX_DEVICE_TIMEOUT|bitwise|passed|FAIL" $OUT/op8_$t.log | tail -3 |
    tee -a $OUT/call.txt
done
if [ $failed -ne 0 ]; then
  (cd $OUT && tar czf logs.tgz *.log && rm -f *.log); echo "stopped: a test failed"; exit 1
fi
for round in 1 2; do
  BATCHES=9,16 tools/gpu_ab.sh $OUT/d$round bundle_m92 bundle_op8 bundle_op18 bundle_op8d |
    grep -v "^ *$"
done 2>&1 | tee -a $OUT/call.txt
for b in bundle_m92 bundle_op8 bundle_op18 bundle_op8d; do
  echo "== limits $b"
  BUNDLE=$b CELLS="8 9" tools/limits.sh $OUT/lim_$b
done 2>&1 | tee -a $OUT/call.txt
for round in 1 2; do
  for b in bundle_fs_m92 bundle_fs_op8; do
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
