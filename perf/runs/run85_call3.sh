#!/usr/bin/env bash
# Run 85 call 3: the per-element bound added to the soak, watchdog and neighbour tests and
# to the main job (bundle_small/COMMIT): those three tests through the bundle runner, then
# decode_step (the main job) as tools/gpu_suite.sh runs it.
# Build first (here): bazel build //graphs:soak_1gpu_test //graphs:watchdog_gpu_test
#   //graphs:neighbour_gpu_test //perf:decode_step; copy them, tools/run_gpu_tests.sh and
#   a TESTS file into bundle_small/                                   carry: bundle_small
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_small && cat COMMIT && nvidia-smi -L
LOG=$OUT/tests_full.txt ./run_gpu_tests.sh > $OUT/tests_runner.txt 2>&1
echo "runner exit $?"; tail -1 $OUT/tests_runner.txt
grep -E "worst element|SHX_DEVICE_TIMEOUT after" $OUT/tests_full.txt | cut -c1-160
gzip $OUT/tests_full.txt
timeout 200 ./decode_step \
  ../testdata/golden > $OUT/decode_step.txt 2>&1
echo "decode_step exit $?"; cat $OUT/decode_step.txt
