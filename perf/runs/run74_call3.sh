#!/usr/bin/env bash
# Run 74 call 3: main at ca39fdc (+ this script) on one H200, from the two-GPU pack itself
# (bundle_pack/run53_x2.tar.xz, rebuilt at ca39fdc): every one-GPU test and the main job
# (tools/gpu_suite.sh), then api_gpu_test under compute-sanitizer memcheck. ca39fdc
# changes host code and tests after calls 1-2 (check_reachable accepts what CUDA cannot
# answer and, on a device that reads pageable memory, pageable pointers; api_gpu_test's
# refused tails checked against an "arrived" mailbox, its unreachable arguments named
# exactly, an address no allocation covers). Kernels' PTX identical to a7d5df1.
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
