#!/usr/bin/env bash
# Run 84, the two-GPU call: main (the bundle in bundle_pack/run84_x2.tar.xz; bundle/COMMIT
# says which) on nvidia-h200-x2, the first two-GPU run since run 79 (1d9c129). Since then:
# run 83's dims_gpu_test and bench --dims (tests and tools), and run 84's size checks in
# every public call that takes a buffer (engine/op.c check_memory), which the two-GPU tests
# take across GPUs (peer mailboxes on the other GPU, CUDA IPC and NCCL window mappings).
# The kernels' PTX is a7d5df1's. tools/gpu_release.sh "check" (GPU facts, SASS, every test
# in the bundle on one and two GPUs, the main job), the sanitizers at TP8 B=16 (fused,
# split), then memcheck on api_gpu_test. neighbour_gpu_test, green_gpu_test and
# dims_gpu_test (one-GPU tests, 180 s together) ran in run 84 call 1 and are left out.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run84_x2.tar.xz bundle                    carry: bundle_pack
date -u
tar xJf bundle_pack/run84_x2.tar.xz && cat bundle/COMMIT
rm -f bundle/neighbour_gpu_test bundle/green_gpu_test bundle/dims_gpu_test
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split" RELEASE_PARTS="check" \
  timeout ${RELEASE_TIMEOUT:-480} tools/gpu_release.sh $OUT 2>&1 | tee $OUT/release.txt | tail -60
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
cd bundle
timeout 100 compute-sanitizer --tool memcheck ./api_gpu_test > $OUT/memcheck.txt 2>&1
echo "memcheck api_gpu_test exit $? at $SECONDS s"
grep -E "ERROR SUMMARY|api_gpu_test" $OUT/memcheck.txt | tail -4
