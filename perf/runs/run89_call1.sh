#!/usr/bin/env bash
# Run 89 call 1: IDLE PREFETCH (branch r89_idle_prefetch, bfca42e): in kFusedX (the design
# TP8 at B = 9..16) each down-only CTA, right after its count-in, asks L2 for the first W
# gate/up refills of every 16th gate/up CTA, so that the refills issued about 1 us after
# the wait hit L2 instead of HBM. W = 4, 8 (the commit), 18 (all of a CTA's refills).
# Only kFusedX's PTX differs from main's (tools/same_ptx.sh, FUNCTIONS=1: 68 identical).
# The candidates' 1-GPU fused group and mailbox tests (W = 8, 18), then the A/B against
# main (bundle: fab34f8, whose kernels are 308772a's), alternated, two rounds at TP8
# B = 9, 16 (the cells kFusedX runs; TP16 and B >= 17 use unchanged instances), then the
# phases (tools/limits.sh) of main and the best-guess W = 8 at TP8 B = 9.
# Build (here): tools/bundle.sh bundle_ipW ab for each W (the default edited), then
#   tar cJf bundle_pack_ip/run89.tar.xz bundle/{COMMIT,bench,profile_step} bundle_ip{4,8,18}
# carry: bundle_pack_ip
{
date -u
tar xJf bundle_pack_ip/run89.tar.xz && cat bundle/COMMIT bundle_ip*/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_ip8 bundle_ip18; do
  for t in group_fused_1gpu_test mailbox_gpu_test; do
    (cd $b && timeout 150 ./$t > $OUT/${b}_$t.log 2>&1)
    echo "$b $t: exit $? after $SECONDS s"
    grep -E "SHX_DEVICE_TIMEOUT|bitwise|passed|FAIL" $OUT/${b}_$t.log | tail -4
  done
done 2>&1 | tee -a $OUT/call.txt
for round in 1 2; do
  BATCHES=9,16 tools/gpu_ab.sh $OUT/d$round bundle bundle_ip4 bundle_ip8 bundle_ip18 |
    grep -v "^ *$"
done 2>&1 | tee -a $OUT/call.txt
for b in bundle bundle_ip8; do
  echo "== limits $b"
  BUNDLE=$b CELLS="8 9;8 16" tools/limits.sh $OUT/lim_$b
done 2>&1 | tee -a $OUT/call.txt
(cd $OUT && rm -f */*.err && tar czf ab.tgz d1 d2 lim_* && rm -rf d1 d2 lim_* &&
  tar czf logs.tgz *.log && rm -f *.log)
echo "done after $SECONDS s" | tee -a $OUT/call.txt
