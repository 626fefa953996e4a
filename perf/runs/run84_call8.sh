#!/usr/bin/env bash
# Run 84 call 8: main's bundle at the end of run 84 (bundle/COMMIT; the size checks, the
# review's fixes, the strengthened api_gpu_test and leak_gpu_test): every one-GPU test and
# the main job (tools/gpu_suite.sh).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run84.tar.xz bundle                       carry: bundle_pack
PACK=bundle_pack/run84.tar.xz tools/gpu_suite.sh $OUT
