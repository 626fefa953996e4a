#!/usr/bin/env bash
# Run 85 call 2: the review's mends to the new tests (bundle_small/COMMIT): mailbox_gpu_test
# with the tail's rank order tested where it decides the rounding, dims_gpu_test with the
# caps shape last; through the bundle runner, whose TESTS here ends without a newline.
# Build first (here): bazel build //graphs:mailbox_gpu_test //graphs:dims_gpu_test; copy
# both, tools/run_gpu_tests.sh and a TESTS file into bundle_small/    carry: bundle_small
cd bundle_small && cat COMMIT && nvidia-smi -L
LOG=$OUT/tests_full.txt ./run_gpu_tests.sh > $OUT/tests_runner.txt 2>&1
echo "runner exit $?"; tail -1 $OUT/tests_runner.txt
grep -E "tail against|order|caps|PARTIAL|passed" $OUT/tests_full.txt | cut -c1-200
gzip $OUT/tests_full.txt
