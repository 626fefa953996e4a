#!/usr/bin/env bash
# Run 82 call 11: the review's changes (5a03228) on one H200: oproj_step_gpu_test's full
# check (the o-proj against cuBLASLt at every padded batch; each layer's a written by the
# attention stand-in), and a demonstration build made here and not committed whose o-proj
# asks for a's first boxes before griddepcontrol.wait (its "own pdl" form should fail);
# api_gpu_test and mailbox_gpu_test (the DeepSeek dims at TP8 added); the quick check
# under memcheck and synccheck (o-proj kernels instrumented) and racecheck (every
# kernel); then oproj_step's timing at the design dims.          carry: bundle_v
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_v/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
run() { # NAME TIMEOUT COMMAND...
  local name=$1 limit=$2; shift 2
  timeout $limit "$@" > $OUT/$name.txt 2>&1
  echo "$name exit $? at $SECONDS s" | tee -a $OUT/call.txt
  grep -E "SUMMARY|PASSED|FAILED|FAIL |passed|ok$|Internal|CHECK" $OUT/$name.txt | tail -8 \
    | tee -a $OUT/call.txt
}
run check 150 bundle_v/oproj_step_gpu_test
run early_a 150 bundle_v/oproj_step_early_a
run api 120 bundle_v/api_gpu_test
run mailbox 200 bundle_v/mailbox_gpu_test
san="compute-sanitizer --kernel-name kns=oproj_kernel"
run memcheck 100 $san --tool memcheck bundle_v/oproj_step_gpu_test check quick
run synccheck 100 $san --tool synccheck bundle_v/oproj_step_gpu_test check quick
run racecheck 150 compute-sanitizer --tool racecheck bundle_v/oproj_step_gpu_test check quick
timeout 100 bundle_v/oproj_step_gpu_test time --batches 9,16,64 > $OUT/time.txt 2>&1
echo "time exit $? at $SECONDS s" | tee -a $OUT/call.txt
cat $OUT/time.txt >> $OUT/call.txt
tail -8 $OUT/time.txt
