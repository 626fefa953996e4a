#!/usr/bin/env bash
# Run 81 call 2: main's bundle (68528c7 + this script) on one H200: every one-GPU test
# and the main job through tools/gpu_suite.sh, then api_gpu_test under memcheck. First on
# a GPU: 01c401c (shx_launch_arm without its unreachable grid guard) and the bundle's
# TESTS list read by its runner (a listed binary missing fails). Kernels unchanged.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run81.tar.xz bundle                      carry: bundle_pack
{
date -u
tar xJf bundle_pack/run81.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/head.txt
tools/gpu_suite.sh $OUT
echo "gpu_suite exit $?" | tee -a $OUT/call.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 120 compute-sanitizer --tool memcheck bundle/api_gpu_test > $OUT/memcheck.txt 2>&1
echo "memcheck api_gpu_test exit $?" | tee -a $OUT/call.txt
tail -4 $OUT/memcheck.txt | tee -a $OUT/call.txt
echo "call done at $SECONDS s" | tee -a $OUT/call.txt
