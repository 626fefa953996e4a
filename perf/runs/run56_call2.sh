#!/usr/bin/env bash
# Run 56 call 2: why the main job's baseline (decode_step: TP8 B=9 about 20.4 us in runs
# 54-55) is slower than the benchmark's (bench: about 18.6 us) with the same
# configuration and timing code. diag/decode_step is main's (`f89935f`);
# diag/decode_step_again (branch r56_ds_diag `fd39d29`, a diagnostic) also times the
# baseline and the fused step a second time after each cell's three variants. Then
# bench --quick (bundle of `77d2291`) in the same call.
# Build first (here, with Bazel):
#   git checkout r56_ds_diag && bazel build //perf:decode_step &&
#     mkdir -p diag && cp bazel-bin/perf/decode_step diag/decode_step_again && git checkout main
#   bazel build //perf:decode_step && cp bazel-bin/perf/decode_step diag/decode_step
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call2.tar.xz diag bundle
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call2.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv
(cd diag && timeout 120 ./decode_step ../testdata/golden; echo "decode_step exit $?")
(cd diag && timeout 150 ./decode_step_again ../testdata/golden; echo "decode_step_again exit $?")
(cd bundle && timeout 150 ./bench --quick; echo "bench exit $?")
echo "all done after $SECONDS s"
