#!/usr/bin/env bash
# Run 85 call 4: the per-element bound added to the process and green tests
# (bundle_small/COMMIT), through the bundle runner.
# Build first (here): bazel build //graphs:processes_1gpu_test //graphs:green_gpu_test;
#   copy both, tools/run_gpu_tests.sh and a TESTS file into bundle_small/  carry: bundle_small
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_small && cat COMMIT && nvidia-smi -L
LOG=$OUT/tests_full.txt ./run_gpu_tests.sh > $OUT/tests_runner.txt 2>&1
echo "runner exit $?"; tail -1 $OUT/tests_runner.txt
grep -o "worst element [0-9.e+-]*" $OUT/tests_full.txt | sort -k3 -g | tail -2
grep -c "worst element" $OUT/tests_full.txt
grep -E "wrong|^green_gpu_test|passed" $OUT/tests_full.txt | head
gzip $OUT/tests_full.txt
