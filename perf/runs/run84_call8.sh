#!/usr/bin/env bash
# Run 84 call 8: main's bundle at the end of run 84 (bundle/COMMIT; the size checks, the
# review's fixes, the strengthened api_gpu_test and leak_gpu_test): every one-GPU test and
# the main job (tools/gpu_suite.sh).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run84.tar.xz bundle                       carry: bundle_pack
{
date -u
tar xJf bundle_pack/run84.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/head.txt
tools/gpu_suite.sh $OUT
echo "gpu_suite exit $?" | tee -a $OUT/call.txt
