#!/usr/bin/env bash
# Run 82 call 9: controls for call 8's racecheck failure, on the same binary (orig,
# 4fa1841): racecheck instrumenting no kernel of the program (a filter nothing matches),
# the fused kernels alone, and every kernel.                       carry: bundle_race
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
run() { # NAME, then compute-sanitizer's options
  local name=$1; shift
  timeout 120 compute-sanitizer --tool racecheck "$@" bundle_race/orig check quick \
    > $OUT/$name.txt 2>&1
  echo "$name exit $? at $SECONDS s" | tee -a $OUT/call.txt
  grep -E "SUMMARY|PASSED|FAILED|Internal" $OUT/$name.txt | tee -a $OUT/call.txt
}
run none --kernel-name kns=no_such_kernel
run fused --kernel-name kns=shared_expert_fused
run all
