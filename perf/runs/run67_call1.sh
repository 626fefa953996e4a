#!/usr/bin/env bash
# Run 67 call 1: the engine fixes of this session's review (0ea2530, 57c3102; kernels'
# PTX unchanged: tools/same_ptx.sh 122c1f0). Every one-GPU test (tools/run_gpu_tests.sh:
# api_test now records a gate before binding peers; green_gpu_test asserts the green
# context is current after shx_check_device), then perf/capture_probe: what a
# device-wide call of the library does to another thread's open capture.
# Build first (here): tools/bundle.sh bundle; mkdir -p bundle_pack_now;
#   rm -f bundle_pack_now/*; tar cJf bundle_pack_now/run67_call1.tar.xz bundle
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run67_call1.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 470 bundle/run_gpu_tests.sh > $OUT/tests.txt 2>&1
echo "tests exit $? after $SECONDS s" | tee -a $OUT/call.txt
grep -E "^== |passed, " $OUT/tests.txt | tee -a $OUT/call.txt
timeout 60 bundle/capture_probe 2>&1 | tee $OUT/capture_probe.txt | tee -a $OUT/call.txt
echo "capture_probe exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
