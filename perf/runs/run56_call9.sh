#!/usr/bin/env bash
# Run 56 call 9: call 8 found the poison alone (8 cudaMemsetAsync, 0xFF, of the ranks'
# 229-KB outputs on the group's non-blocking stream) enough to slow the later steps
# (TP8 B=9 baseline 18.7 -> 20.4-20.5 us, fused 10.35 -> 10.46-10.53), while call 6's one
# memset of a fresh buffer on a fresh stream, without a group, was not. diag/decode_step_ms
# (branch r56_ds_diag `e801723`): DIAG_MS = 0 no memset; 1 eight buffers, eight memsets; 2
# one memset while a fused TP8 group (captured) is alive; 3 one memset after such a group
# was destroyed; 4 one 64-MB memset; 5 one memset of zeros; then baseline and fused timed
# at TP8 B=9. Twice each, separate processes.
# Build first (here, with Bazel):
#   git checkout r56_ds_diag && bazel build //perf:decode_step &&
#     mkdir -p diag && cp bazel-bin/perf/decode_step diag/decode_step_ms && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call9.tar.xz diag
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call9.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd diag
for round in 1 2; do
  for mode in 0 1 2 3 4 5; do
    DIAG_MS=$mode timeout 60 ./decode_step_ms ../testdata/golden || echo "mode $mode exit $?"
  done
done
echo "all done after $SECONDS s"
