#!/usr/bin/env bash
# Run 54 call 5: graphs/leak_gpu_test (new): three cycles of creating a TP8 group of each
# variant, re-recording its step graphs for B = 16, 64, 9 and destroying it, after one
# warm-up cycle; the device's free memory must not fall by more than 4 MB. Then the same
# with SHX_LEAK_TEST_INJECT=1 (8 MB leaked a cycle on purpose), which must fail.
# Build first (here, with Bazel):
#   bazel build //graphs:leak_gpu_test
#   rm -rf bundle_wd && mkdir bundle_wd && cp bazel-bin/graphs/leak_gpu_test bundle_wd/ \
#     && git rev-parse --short HEAD > bundle_wd/COMMIT
# carry: bundle_wd
date -u
echo "bundle_wd $(cat bundle_wd/COMMIT)"
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_wd
for inject in 0 1; do
  start=$(date +%s%N)
  SHX_LEAK_TEST_INJECT=$inject timeout 300 ./leak_gpu_test > $OUT/leak_$inject.txt 2>&1; code=$?
  echo "== leak_gpu_test SHX_LEAK_TEST_INJECT=$inject exit $code ($(( ($(date +%s%N) - start) / 1000000 )) ms)"
  tail -4 $OUT/leak_$inject.txt
done
echo "all done after $SECONDS s"
