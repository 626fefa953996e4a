#!/usr/bin/env bash
# Run 85 call 6: the last read's host refactors (bundle_small/COMMIT: one current-device
# query for shx_create and shx_mailbox_arm, shx_fail_with_context, check_memory formatting
# only on refusal): api_gpu_test, api_test and leak_gpu_test through the bundle runner,
# then capture_probe (the arm and the range query during captures) and record_cost.
# Build first (here): bazel build //engine:api_gpu_test //engine:api_test
#   //graphs:leak_gpu_test //perf:capture_probe //perf:record_cost; copy them,
#   tools/run_gpu_tests.sh and a TESTS file into bundle_small/     carry: bundle_small
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_small && cat COMMIT && nvidia-smi -L
LOG=$OUT/tests_full.txt ./run_gpu_tests.sh > $OUT/tests_runner.txt 2>&1
echo "runner exit $?"; grep -E "^== |passed" $OUT/tests_runner.txt
grep -E "too small|has [0-9]+ bytes to the end|refused|api_gpu_test: ok" $OUT/tests_full.txt |
  head -8
timeout 120 ./capture_probe > $OUT/capture_probe.txt 2>&1; echo "capture_probe exit $?"
cat $OUT/capture_probe.txt
timeout 120 ./record_cost > $OUT/record_cost.txt 2>&1; echo "record_cost exit $?"
cat $OUT/record_cost.txt
gzip $OUT/tests_full.txt
