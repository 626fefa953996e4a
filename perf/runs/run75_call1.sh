#!/usr/bin/env bash
# Run 75 call 1: main at 8e33c3a (+ this script) on one H200, from the two-GPU pack rebuilt
# at this commit: every one-GPU test and the main job through tools/gpu_suite.sh, whose
# 120a57c form (the tests through tools/run_gpu_tests.sh with GPU_TEST_DIR and LOG) has
# not run on a GPU yet, nor has 120a57c's api_gpu_test (its mailbox reads and slot
# decoding one helper each, assertions unchanged; run 74 call 4 was refused twice); then
# api_gpu_test under compute-sanitizer memcheck. Kernels' PTX identical to a7d5df1.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run53_x2.tar.xz bundle bundle_576        carry: bundle_pack
{
date -u
tar xJf bundle_pack/run53_x2.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/head.txt
tools/gpu_suite.sh $OUT
echo "gpu_suite exit $?" | tee -a $OUT/call.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 120 compute-sanitizer --tool memcheck bundle/api_gpu_test > $OUT/memcheck.txt 2>&1
echo "memcheck api_gpu_test exit $?" | tee -a $OUT/call.txt
tail -4 $OUT/memcheck.txt | tee -a $OUT/call.txt
echo "call done at $SECONDS s" | tee -a $OUT/call.txt
