#!/usr/bin/env bash
# Run 85 call 5: main's bundle at the end of run 85 (bundle/COMMIT: every test with this
# run's strengthened checks): every one-GPU test and the main job (tools/gpu_suite.sh).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run85.tar.xz bundle                       carry: bundle_pack
PACK=bundle_pack/run85.tar.xz tools/gpu_suite.sh $OUT
