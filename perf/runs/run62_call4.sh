#!/usr/bin/env bash
# Run 62 call 4: the GREEN CONTEXTS check (ops/fused.cu: a fused launch on a green
# context's stream is refused, SHX_UNSUPPORTED, where shx_fused_stream_fits says the grid
# does not fit its SMs; the auto variant then records the split variant; shx_destroy no
# longer makes the primary context current) through graphs/green_gpu_test at its default
# partitions, both tps; then every other one-GPU test (the kernels' PTX is unchanged:
# tools/same_ptx.sh against 26e7c87; host code changed in the launch path).
# Build first (here): tools/bundle.sh bundle; tar cJf bundle_pack/run62_call4.tar.xz bundle
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run62_call4.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call4.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 200 bundle/green_gpu_test 2>&1 | tee $OUT/green.txt | tail -3 | tee -a $OUT/call4.txt
echo "green exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call4.txt
mv bundle/green_gpu_test .
timeout 330 bundle/run_gpu_tests.sh 2>&1 | tee $OUT/tests.txt | grep -E "^== |passed," | tee -a $OUT/call4.txt
echo "tests exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call4.txt
