#!/usr/bin/env bash
# Run 103 call 1 (stop 85), any card: the GPU tests that stop 85's last changes touch, from
# the full bundle at 1b21a1a (bundle_pack/run103s.tar.xz): consumer_gpu_test (the example
# now checks fused against its own host computation of tokens 0 and 8),
# group_args_test (the caller-mailbox refusals; its GPU-range cases), group_fused_1gpu_test
# and group_split_1gpu_test (shx_group_create_part's new check on their path), api_gpu_test.
# Build (here): tools/bundle.sh bundle; tar cJf bundle_pack/run103s.tar.xz bundle.
#                                                                   carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run103s.tar.xz && cat bundle/COMMIT | tee -a $OUT/head.txt
printf '%s\n' consumer_gpu_test group_args_test group_fused_1gpu_test group_split_1gpu_test \
  api_gpu_test > bundle/TESTS
GPU_TEST_DIR=bundle GPU_TEST_TIMEOUT=120 LOG=$OUT/tests_full.txt tools/run_gpu_tests.sh \
  2>&1 | tee $OUT/tests_runner.txt | grep -E "^== |passed"
grep -E "^step:|^api:|group_args_test:" $OUT/tests_full.txt
