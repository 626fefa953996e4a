#!/usr/bin/env bash
# Run 61 call 4: the cooperative launch beside held SMs at the batches whose plans
# neighbour_gpu_test's default does not run (B = 1, 16, 32, 48: other stages and shared
# memory), and the long soak (30000 steps a tp) with it.
# Build first (here, with Bazel):
#   bazel build //graphs:neighbour_gpu_test //graphs:soak_1gpu_test
#   mkdir bundle_v; cp bazel-bin/graphs/{neighbour_gpu_test,soak_1gpu_test} bundle_v/
#   git rev-parse --short HEAD > bundle_v/COMMIT
#   rm -f bundle_pack/*; tar cJf bundle_pack/run61_call4.tar.xz bundle_v
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run61_call4.tar.xz && cat bundle_v/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/stdout.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_v
timeout 200 ./neighbour_gpu_test 1 16 32 48 > $OUT/neighbour.txt 2>&1
echo "neighbour_gpu_test 1 16 32 48: exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
grep -E 'first TO' $OUT/neighbour.txt | tee -a $OUT/stdout.txt
timeout 150 ./soak_1gpu_test 30000 7 > $OUT/soak_30000.txt 2>&1
echo "soak_1gpu_test 30000 7: exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
grep -E 'on 1 GPU' $OUT/soak_30000.txt | tee -a $OUT/stdout.txt
