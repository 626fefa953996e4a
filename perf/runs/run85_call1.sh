#!/usr/bin/env bash
# Run 85 call 1: main's bundle with this run's strengthened tests (bundle/COMMIT): the
# tail bit for bit against its mailbox (mailbox_gpu_test), the per-element bound in every
# group test (shx_testbed_check_replays), SiTU caps 2 and 3 (dims_gpu_test), out untouched
# by refused tails (api_gpu_test), the watchdog's tighter bound; every one-GPU test and
# the main job (tools/gpu_suite.sh). The kernels' PTX is 9210873's (tools/same_ptx.sh).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run85.tar.xz bundle                       carry: bundle_pack
PACK=bundle_pack/run85.tar.xz tools/gpu_suite.sh $OUT
