#!/usr/bin/env bash
# Run 86 call 1: main's bundle after the tail NaN, the consumed push, the forgetting of
# failed records, the other-device buffer check and the group re-arm's wait (fff8c7b):
# every one-GPU test and the main job (tools/gpu_suite.sh).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run86.tar.xz bundle                       carry: bundle_pack
PACK=bundle_pack/run86.tar.xz tools/gpu_suite.sh $OUT
