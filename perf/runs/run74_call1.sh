#!/usr/bin/env bash
# Run 74 call 1: main at ca99507 (+ this script and tools/gpu_suite.sh) on one H200:
# every one-GPU test with its whole output and the main job (tools/gpu_suite.sh), then
# api_gpu_test under compute-sanitizer memcheck (the refused calls must touch no memory)
# and perf/capture_probe (which calls a stream capture survives, now with the pointer
# query that record and tail make). ca99507 changes host code only (kernels' PTX
# identical to a7d5df1's, tools/same_ptx.sh): the tail refuses a parity with no push, every
# buffer is asked of cudaPointerGetAttributes, api_gpu_test (new) exercises the refusals
# on a real op with the mailbox left armed. No benchmark: no kernel changed since run 69.
# Build first (here): tools/bundle.sh bundle; mkdir -p bundle_pack;
#   tar cJf bundle_pack/run74.tar.xz bundle        carry: bundle_pack
{
date -u
tar xJf bundle_pack/run74.tar.xz && cat bundle/COMMIT
nvidia-smi -L
nvidia-smi --query-gpu=uuid --format=csv,noheader
} 2>&1 | tee $OUT/head.txt
tools/gpu_suite.sh $OUT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 120 compute-sanitizer --tool memcheck bundle/api_gpu_test > $OUT/memcheck.txt 2>&1
echo "memcheck api_gpu_test exit $?" | tee -a $OUT/call.txt
tail -4 $OUT/memcheck.txt | tee -a $OUT/call.txt
timeout 120 bundle/capture_probe > $OUT/capture_probe.txt 2>&1
echo "capture_probe exit $?" | tee -a $OUT/call.txt
cat $OUT/capture_probe.txt
echo "call done at $SECONDS s"
