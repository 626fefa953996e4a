#!/usr/bin/env bash
# Run 82 call 8: which part of ops/oproj.cu racecheck fails to handle (call 7: "failed to
# handle a hardware exception"). Binaries of oproj_step_gpu_test at 4fa1841 (orig) and
# three one-change variants built here and not committed: A, the producer warp's lanes
# 1-31 fall through to the kernel's end instead of returning; B, every consumer thread
# executes griddepcontrol.wait too; C, the trigger by thread 0 after the barriers' set-up
# and __syncthreads instead of before. Each: its quick check plain, then under racecheck
# with the o-proj kernels instrumented alone.                      carry: bundle_race
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
for v in orig A B C; do
  timeout 60 bundle_race/$v check quick > $OUT/plain_$v.txt 2>&1
  echo "$v plain exit $? $(tail -1 $OUT/plain_$v.txt)" | tee -a $OUT/call.txt
  timeout 100 compute-sanitizer --tool racecheck --kernel-name kns=oproj_kernel \
    bundle_race/$v check quick > $OUT/racecheck_$v.txt 2>&1
  echo "$v racecheck exit $? at $SECONDS s" | tee -a $OUT/call.txt
  grep -E "SUMMARY|PASSED|FAILED|Internal" $OUT/racecheck_$v.txt | tee -a $OUT/call.txt
done
