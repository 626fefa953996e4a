#!/usr/bin/env bash
# Run 56 call 3: call 2 found the main job's steps slower than the benchmark's in the same
# configuration, by about 0.45 us a kernel (baseline, 4 kernels: 1.7-1.8 us; fused 0.2;
# split 0.35), and the same when timed again. diag/decode_step_again (branch r56_ds_diag
# `6c269a4`, a diagnostic): DIAG_TIME_FIRST=1 times baseline, fused and split at B=9
# before any group step (then the usual table); DIAG_GROUP_ONLY=0 or 1 runs one TP8 B=9
# group step of the baseline or fused (8 ops created, stepped, destroyed), then times
# baseline and fused at TP8 B=9.
# Build first (here, with Bazel):
#   git checkout r56_ds_diag && bazel build //perf:decode_step &&
#     mkdir -p diag && cp bazel-bin/perf/decode_step diag/decode_step_again && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call3.tar.xz diag
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call3.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd diag
DIAG_TIME_FIRST=1 timeout 150 ./decode_step_again ../testdata/golden; echo "exit $?"
DIAG_GROUP_ONLY=0 timeout 60 ./decode_step_again ../testdata/golden; echo "exit $?"
DIAG_GROUP_ONLY=1 timeout 60 ./decode_step_again ../testdata/golden; echo "exit $?"
echo "all done after $SECONDS s"
