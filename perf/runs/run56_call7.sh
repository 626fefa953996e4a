#!/usr/bin/env bash
# Run 56 call 7: call 6 found no single transfer that slows the later steps. Bisecting
# call 3's slow DIAG_GROUP_ONLY=1 run (the CPU reference, then a fused TP8 B=9 group: its
# outputs poisoned, one step, read back and checked, destroyed; then baseline and fused
# timed) with diag/decode_step_skip (branch r56_ds_diag `9e31a12`): leave out the poison,
# the read-back (its check then passes on a copy), or the read-back and the reference;
# twice each, separate processes.
# Build first (here, with Bazel):
#   git checkout r56_ds_diag && bazel build //perf:decode_step &&
#     mkdir -p diag && cp bazel-bin/perf/decode_step diag/decode_step_skip && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call7.tar.xz diag
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call7.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd diag
for round in 1 2; do
  echo "== all"; DIAG_GROUP_ONLY=1 timeout 60 ./decode_step_skip ../testdata/golden
  echo "== no poison"; DIAG_SKIP_POISON=1 DIAG_GROUP_ONLY=1 timeout 60 ./decode_step_skip ../testdata/golden
  echo "== no read"; DIAG_SKIP_READ=1 DIAG_GROUP_ONLY=1 timeout 60 ./decode_step_skip ../testdata/golden
  echo "== no read, no reference"; DIAG_SKIP_REF=1 DIAG_SKIP_READ=1 DIAG_GROUP_ONLY=1 timeout 60 ./decode_step_skip ../testdata/golden
  echo "== no read, no reference, no poison"; DIAG_SKIP_POISON=1 DIAG_SKIP_REF=1 DIAG_SKIP_READ=1 DIAG_GROUP_ONLY=1 timeout 60 ./decode_step_skip ../testdata/golden
done
echo "all done after $SECONDS s"
