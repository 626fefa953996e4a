#!/usr/bin/env bash
# Run 56 call 4: which part of a TP group's life (graphs/group.c) leaves the process's
# later baseline and fused steps slower (call 3: timed before any group step, TP8 B=9
# baseline 18.29 us, fused 10.36; after one group step of either variant 20.1-20.2 and
# 10.5-10.6). diag/decode_step_stage (branch r56_ds_diag `f1b1f50`, a diagnostic): DIAG_STAGE
# = 0 device memory as a TP8 group allocates it, written and freed; 1 a fused group
# created and destroyed; 2 + weights, x and the graphs captured; 3 + one step; 4 as 3 with
# the group kept alive while timing. Each then times baseline and fused at TP8 B=9, and
# each twice (separate processes), plus a run with no stage (DIAG_STAGE unset: the usual
# table, not printed beyond its first lines).
# Build first (here, with Bazel):
#   git checkout r56_ds_diag && bazel build //perf:decode_step &&
#     mkdir -p diag && cp bazel-bin/perf/decode_step diag/decode_step_stage && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call4.tar.xz diag
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call4.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd diag
for round in 1 2; do
  for stage in 0 1 2 3 4; do
    DIAG_STAGE=$stage timeout 60 ./decode_step_stage ../testdata/golden || echo "stage $stage exit $?"
  done
done
DIAG_TIME_FIRST=1 timeout 150 ./decode_step_stage ../testdata/golden | head -8
echo "all done after $SECONDS s"
