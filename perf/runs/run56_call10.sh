#!/usr/bin/env bash
# Run 56 call 10: call 9 found eight cudaMemsetAsync (0xFF, 229 KB each, one
# non-blocking stream) enough to slow the later steps, one memset (even 64 MB) not, and
# call 4 thirty-two synchronous cudaMemset not. diag/decode_step_n (branch r56_ds_diag
# `bdcb8c7`): DIAG_N operations of DIAG_KIND, then baseline and fused timed at TP8 B=9:
# memsets on one stream (N = 2, 3, 4, 6, 8), each on a stream of its own (N = 8), on the
# legacy stream (N = 8), D2D cudaMemcpyAsync on one stream (N = 8).
# Build first (here, with Bazel):
#   git checkout r56_ds_diag && bazel build //perf:decode_step &&
#     mkdir -p diag && cp bazel-bin/perf/decode_step diag/decode_step_n && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call10.tar.xz diag
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call10.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd diag
for round in 1 2; do
  for n in 0 2 3 4 6 8; do DIAG_N=$n timeout 60 ./decode_step_n ../testdata/golden; done
  for kind in streams legacy copy; do
    DIAG_KIND=$kind DIAG_N=8 timeout 60 ./decode_step_n ../testdata/golden
  done
done
echo "all done after $SECONDS s"
