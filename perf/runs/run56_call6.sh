#!/usr/bin/env bash
# Run 56 call 6: call 5 ruled out the CPU reference; what call 3's slow run did besides
# call 4's fast stage 3 is the output poison (cudaMemsetAsync on the group's non-blocking
# stream) and the read-back (a pageable cudaMemcpy2D to the host). diag/decode_step_io
# (branch r56_ds_diag `9b8cf71`): DIAG_IO = 0 nothing, 1 the memset, 2 the 2-D D2H copy, 3 a
# plain pageable D2H copy, 4 a pageable H2D copy; then baseline and fused at TP8 B=9
# timed. Twice each, separate processes.
# Build first (here, with Bazel):
#   git checkout r56_ds_diag && bazel build //perf:decode_step &&
#     mkdir -p diag && cp bazel-bin/perf/decode_step diag/decode_step_io && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call6.tar.xz diag
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call6.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd diag
for round in 1 2; do
  for mode in 0 1 2 3 4; do
    DIAG_IO=$mode timeout 60 ./decode_step_io ../testdata/golden || echo "mode $mode exit $?"
  done
done
echo "all done after $SECONDS s"
