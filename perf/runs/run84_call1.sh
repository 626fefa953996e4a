#!/usr/bin/env bash
# Run 84 call 1: main's bundle after the size checks (58aff66: a buffer whose allocation
# ends before what the call touches is refused, a split down before any gate is refused,
# the arm without a device is SHX_NO_DEVICE; api_gpu_test's too_small_buffers; the o-proj
# reference once per H in dims_gpu_test): every one-GPU test and the main job
# (tools/gpu_suite.sh), then compute-sanitizer memcheck on api_gpu_test.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run84.tar.xz bundle                       carry: bundle_pack
PACK=bundle_pack/run84.tar.xz tools/gpu_suite.sh $OUT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle
timeout 200 compute-sanitizer --tool memcheck ./api_gpu_test > $OUT/memcheck.txt 2>&1
echo "memcheck api_gpu_test exit $? at $SECONDS s" | tee -a $OUT/call.txt
grep -E "ERROR SUMMARY|api_gpu_test:" $OUT/memcheck.txt | tee -a $OUT/call.txt
