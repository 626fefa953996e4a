#!/usr/bin/env bash
# Run 54 call 1: graphs/watchdog_gpu_test (new), the watchdog's own test: a tail whose
# peer never pushed, and a fused step whose grid barrier cannot complete (rank 0's
# counter set to 0xFFFFFFFF), each must end in SHX_DEVICE_TIMEOUT after about
# watchdog_ms (100) and the group's next steps must match the reference and the output
# before the fault bit for bit. Then the 1-GPU fused group test (group.c gained the
# accessors the new test uses). Build first (here, with Bazel):
#   bazel build //graphs:watchdog_gpu_test //graphs:group_fused_1gpu_test
#   rm -rf bundle_wd && mkdir bundle_wd && cp bazel-bin/graphs/watchdog_gpu_test \
#     bazel-bin/graphs/group_fused_1gpu_test bundle_wd/ && git rev-parse --short HEAD > bundle_wd/COMMIT
# carry: bundle_wd
date -u
echo "bundle_wd $(cat bundle_wd/COMMIT)"
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_wd
for t in watchdog_gpu_test group_fused_1gpu_test; do
  start=$(date +%s%N)
  timeout 400 ./$t > $OUT/$t.txt 2>&1; code=$?
  echo "== $t exit $code ($(( ($(date +%s%N) - start) / 1000000 )) ms)"
  tail -12 $OUT/$t.txt
done
echo "all done after $SECONDS s"
