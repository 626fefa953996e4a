#!/usr/bin/env bash
# Run 82 call 7: oproj_step_gpu_test of HEAD (the step's nodes from the capture): the full
# check, then its quick check under memcheck (the o-proj kernels instrumented), and the
# o-proj kernels under racecheck, which crashed in call 6 ("failed to handle a hardware
# exception"): once as in call 6, once without cp.async tracking, once at TP16 shapes via
# the full check's first cell only being skipped (quick is TP8 B=16).
# Build first (here): bazel build //perf:oproj_step_gpu_test; mkdir -p bundle_oproj;
#   cp bazel-bin/perf/oproj_step_gpu_test bundle_oproj/; git rev-parse --short HEAD >
#   bundle_oproj/COMMIT                                          carry: bundle_oproj
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{
date -u
cat bundle_oproj/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/head.txt
timeout 100 bundle_oproj/oproj_step_gpu_test > $OUT/check.txt 2>&1
echo "check exit $? at $SECONDS s" | tee -a $OUT/call.txt
tail -1 $OUT/check.txt | tee -a $OUT/call.txt
run() { # NAME, then compute-sanitizer's options
  local name=$1; shift
  timeout 100 compute-sanitizer "$@" --kernel-name kns=oproj_kernel \
    bundle_oproj/oproj_step_gpu_test check quick > $OUT/$name.txt 2>&1
  echo "$name exit $? at $SECONDS s" | tee -a $OUT/call.txt
  grep -E "SUMMARY|PASSED|FAILED|Internal" $OUT/$name.txt | tee -a $OUT/call.txt
}
run memcheck --tool memcheck
run racecheck --tool racecheck
run racecheck_no_async --tool racecheck --racecheck-memcpy-async no
run racecheck_warp --tool racecheck --racecheck-detect-level info
echo "call done at $SECONDS s" | tee -a $OUT/call.txt
