#!/usr/bin/env bash
# Run 54 call 2: graphs/watchdog_gpu_test again (SHX_WATCHDOG_MS now read from the
# environment), then under compute-sanitizer memcheck with SHX_WATCHDOG_MS=2000 (the
# tools slow the kernels: tools/gpu_validate.sh uses 1000 ms for memcheck): do the
# abandoned waits of a timed-out launch (the fused kernel going on past its grid
# barrier, the tail past a missing source) touch memory they must not?
# Build first (here, with Bazel):
#   bazel build //graphs:watchdog_gpu_test
#   rm -rf bundle_wd && mkdir bundle_wd && cp bazel-bin/graphs/watchdog_gpu_test bundle_wd/ \
#     && git rev-parse --short HEAD > bundle_wd/COMMIT
# carry: bundle_wd
date -u
echo "bundle_wd $(cat bundle_wd/COMMIT)"
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_wd
start=$(date +%s%N)
timeout 120 ./watchdog_gpu_test > $OUT/watchdog.txt 2>&1; code=$?
echo "== watchdog_gpu_test exit $code ($(( ($(date +%s%N) - start) / 1000000 )) ms)"
tail -8 $OUT/watchdog.txt
start=$(date +%s%N)
SHX_WATCHDOG_MS=2000 timeout 450 compute-sanitizer --tool memcheck --error-exitcode 9 \
  --print-limit 20 ./watchdog_gpu_test > $OUT/watchdog_memcheck.txt 2>&1; code=$?
echo "== memcheck watchdog_gpu_test exit $code ($(( ($(date +%s%N) - start) / 1000000 )) ms)"
grep -E "ERROR SUMMARY|TIMEOUT|CHECK|watchdog:|bitwise|Invalid|rror" $OUT/watchdog_memcheck.txt | head -20
echo "all done after $SECONDS s"
