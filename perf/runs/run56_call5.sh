#!/usr/bin/env bash
# Run 56 call 5: call 4 found no part of a TP group's life (memory, create, capture, step,
# alive or destroyed) that slows the later steps; the difference from call 3's slow
# DIAG_GROUP_ONLY run is the CPU reference (shx_testbed_reference: one pthread a rank) and
# the output check. diag/decode_step_ref (branch r56_ds_diag `b37203d`): DIAG_REF = 0 nothing,
# 1 the CPU reference at TP8 B=9, 2 the same then 2 s asleep, 3 the reference at B=64;
# then baseline and fused at TP8 B=9 timed. Twice each, separate processes; nproc and the
# CPU model for the record.
# Build first (here, with Bazel):
#   git checkout r56_ds_diag && bazel build //perf:decode_step &&
#     mkdir -p diag && cp bazel-bin/perf/decode_step diag/decode_step_ref && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call5.tar.xz diag
# carry: bundle_pack
date -u
nproc; grep -m1 "model name" /proc/cpuinfo
tar xJf bundle_pack/run56_call5.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd diag
for round in 1 2; do
  for mode in 0 1 2 3; do
    DIAG_REF=$mode timeout 90 ./decode_step_ref ../testdata/golden || echo "mode $mode exit $?"
  done
done
DIAG_GROUP_ONLY=1 timeout 60 ./decode_step_ref ../testdata/golden
echo "all done after $SECONDS s"
