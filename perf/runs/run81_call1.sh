#!/usr/bin/env bash
# Run 81 call 1: main's perf/decode_step (ba86190: the CPU path now compares every stored
# y_r in full and counts unreadable files) on one H200. First the main job's GPU path
# (unchanged code: every variant checked against the CPU reference and timed), then
# perf/decode_step_cpu_test.sh with every GPU hidden, as Bazel runs it on a GPU host.
# Build first (here): bazel build //perf:decode_step; mkdir -p bundle_cpu;
#   cp bazel-bin/perf/decode_step bundle_cpu/; git rev-parse --short HEAD > bundle_cpu/COMMIT
#   carry: bundle_cpu
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{
date -u
cat bundle_cpu/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/head.txt
timeout 300 bundle_cpu/decode_step testdata/golden > $OUT/main.txt 2>&1
echo "main job exit $?" | tee -a $OUT/call.txt
tail -3 $OUT/main.txt | tee -a $OUT/call.txt
mkdir -p /tmp/rf/shared_expert/perf
cp bundle_cpu/decode_step /tmp/rf/shared_expert/perf/
ln -sfn "$PWD/testdata" /tmp/rf/shared_expert/testdata
RUNFILES_DIR=/tmp/rf TEST_TMPDIR=$(mktemp -d) timeout 120 perf/decode_step_cpu_test.sh \
  > $OUT/cpu_test.txt 2>&1
echo "decode_step_cpu_test exit $?" | tee -a $OUT/call.txt
grep -E '^(==|FAIL|PASSED)|failed$|CPU reference|No Hopper' $OUT/cpu_test.txt | cut -c1-100 \
  | tee -a $OUT/call.txt
echo "call done at $SECONDS s" | tee -a $OUT/call.txt
