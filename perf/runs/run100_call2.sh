#!/usr/bin/env bash
# Run 100 call 2 (stop 84): main at d5f6384 (stop 84's host-code review mends and EXIT
# DRAIN X merged) through the one-GPU suite: every GPU test of the full bundle and the
# main job (tools/gpu_suite.sh), on any card. Two-GPU tests report themselves skipped on
# one GPU; on nvidia-h200-x2 they run.
# Build (here): tools/bundle.sh bundle; tar cJf bundle_pack/run100s.tar.xz bundle.
#                                                                  carry: bundle_pack
PACK=bundle_pack/run100s.tar.xz tools/gpu_suite.sh $OUT
