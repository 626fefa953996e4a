#!/usr/bin/env bash
# Run 91 call 1: EARLY OUT (branch r91_early_out, fa76317): in kFusedX (the design TP8 at
# B = 9..16) the consumers copy the first ring's fills 0, 1 A tiles into wgmma's A
# registers before the dependency wait and release those stages' A halves, so that the
# weights of refills 10, 11 go out before the wait; their x once fills 0, 1 are done.
# Only kFusedX's PTX differs from main's (registers 86 -> 110, no spills).
# The candidate's 1-GPU fused group test and mailbox test (the split kernels are
# unchanged), then the A/B against main (bundle: f084dc8, kernels as 308772a),
# alternated, two rounds at TP8 B = 9, 16, then tools/limits.sh of both at TP8 B = 9.
# Build (here): tools/bundle.sh bundle; tools/bundle.sh bundle_eo ab (on r91_early_out);
#   tar cJf bundle_pack_eo/run91.tar.xz bundle/{COMMIT,bench,profile_step} bundle_eo
# carry: bundle_pack_eo. SHORT=1 (little device time left): the fused group test and one
# A/B round only.
{
date -u
tar xJf bundle_pack_eo/run91.tar.xz && cat bundle/COMMIT bundle_eo/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
failed=0
tests="group_fused_1gpu_test mailbox_gpu_test"
[ "${SHORT:-0}" = 1 ] && tests=group_fused_1gpu_test
for t in $tests; do
  (cd bundle_eo && timeout 60 ./$t > $OUT/eo_$t.log 2>&1)
  rc=$?; [ $rc -ne 0 ] && failed=1
  echo "bundle_eo $t: exit $rc after $SECONDS s" | tee -a $OUT/call.txt
  grep -E "SHX_DEVICE_TIMEOUT|bitwise|passed|FAIL" $OUT/eo_$t.log | tail -3 |
    tee -a $OUT/call.txt
  [ $failed -ne 0 ] && break # a failing candidate is not timed (device time is short)
done
if [ $failed -ne 0 ]; then
  (cd $OUT && tar czf logs.tgz *.log && rm -f *.log); echo "stopped: a test failed"; exit 1
fi
rounds="1 2"; [ "${SHORT:-0}" = 1 ] && rounds=1
for round in $rounds; do
  BATCHES=9,16 tools/gpu_ab.sh $OUT/d$round bundle bundle_eo | grep -v "^ *$"
done 2>&1 | tee -a $OUT/call.txt
limits="bundle bundle_eo"; [ "${SHORT:-0}" = 1 ] && limits=
for b in $limits; do
  echo "== limits $b"
  BUNDLE=$b CELLS="8 9" tools/limits.sh $OUT/lim_$b
done 2>&1 | tee -a $OUT/call.txt
(cd $OUT && rm -f */*.err; tar czf ab.tgz d[12] lim_* 2>/dev/null; rm -rf d1 d2 lim_*
  tar czf logs.tgz *.log && rm -f *.log)
echo "done after $SECONDS s" | tee -a $OUT/call.txt
