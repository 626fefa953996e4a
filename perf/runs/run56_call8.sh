#!/usr/bin/env bash
# Run 56 call 8: call 7 found the output poison (shx_group_poison_outputs: a
# cudaMemsetAsync of each rank's output on the group's non-blocking stream) to be what
# slows the later steps, with a group step after it; a memset alone on a fresh stream did
# not (call 6). diag/decode_step_order (branch r56_ds_diag `4384578`): a fused TP8 B=9 group,
# then DIAG_ORDER = 0 nothing, 1 the poison then one step, 2 one step then the poison, 3
# the poison alone, 4 the poison finished (device synchronized) then one step; the group
# destroyed, then baseline and fused timed at TP8 B=9. Twice each, separate processes.
# Build first (here, with Bazel):
#   git checkout r56_ds_diag && bazel build //perf:decode_step &&
#     mkdir -p diag && cp bazel-bin/perf/decode_step diag/decode_step_order && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call8.tar.xz diag
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call8.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd diag
for round in 1 2; do
  for order in 0 1 2 3 4; do
    DIAG_ORDER=$order timeout 60 ./decode_step_order ../testdata/golden || echo "order $order exit $?"
  done
done
echo "all done after $SECONDS s"
