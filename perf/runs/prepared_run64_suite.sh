#!/usr/bin/env bash
# PREPARED in run 63, NOT RUN YET: every one-GPU test on run 63's final code (TWO GRIDS
# only on partitions, `257217a` and later; run 63 call 6 ran green_gpu_test and bench on
# it, the rest of the suite last passed in call 3 on the second form, whose whole-GPU
# plans are the same). If nvidia-h200-x2 is lent, run prepared_run53_x2.sh instead: its
# tools/gpu_release.sh runs the same suite and the two-GPU tests.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run64_suite.tar.xz bundle
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run64_suite.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 400 bundle/run_gpu_tests.sh 2>&1 | tee $OUT/tests.txt | grep -E "^== |passed," | tee -a $OUT/call.txt
echo "tests exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
