#!/usr/bin/env bash
# Run 60 call 9: the tests after the last refactor (shx_testbed_expect_rearmed in the
# group, process and soak tests): group_fused_1gpu_test, processes_1gpu_test,
# soak_1gpu_test (default), neighbour_gpu_test 9.
# Build first (here, with Bazel):
#   bazel build //graphs/...
#   mkdir bundle_v; cp bazel-bin/graphs/{group_fused_1gpu_test,processes_1gpu_test,soak_1gpu_test,neighbour_gpu_test} bundle_v/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run60_call9.tar.xz bundle_v
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run60_call9.tar.xz && cat bundle_v/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/stdout.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_v
for t in group_fused_1gpu_test processes_1gpu_test soak_1gpu_test "neighbour_gpu_test 9"; do
  timeout 120 ./$t > "$OUT/${t%% *}.txt" 2>&1; echo "$t: exit $? after $SECONDS s" | tee -a $OUT/stdout.txt
done
tail -n 2 $OUT/*.txt | grep -v '^$'
