#!/usr/bin/env bash
# Run 56 call 11: ENGINE STATE (calls 2-10: after 8 asynchronous copies or memsets on a
# stream other than the legacy one, every later kernel boundary of the process costs
# more). bundle_es: main's decode_step and bench of `8aeddde` (decode_step enters the state
# explicitly; bench --engine-state). The main job; bench --quick fresh and in the engine
# state, both dims; the design dims at B = 9, 16, 32, 64 in both states (table only);
# then whether the state follows CUDA_DEVICE_MAX_CONNECTIONS (diag/decode_step_n, branch
# r56_ds_diag `bdcb8c7`: 0 or 8 memsets, then baseline and
# fused at TP8 B=9, with 1, 4, 8 (the default), 16 and 32 connections).
# Build first (here, with Bazel):
#   git checkout r56_ds_diag && bazel build //perf:decode_step &&
#     mkdir -p diag && cp bazel-bin/perf/decode_step diag/decode_step_n && git checkout main
#   bazel build //perf:decode_step //perf:bench && mkdir -p bundle_es &&
#     cp bazel-bin/perf/decode_step bazel-bin/perf/bench bundle_es/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call11.tar.xz diag bundle_es
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call11.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_es
timeout 120 ./decode_step ../testdata/golden; echo "decode_step exit $?"
for dims in design deepseek; do
  timeout 120 ./bench --quick --table-only --dims $dims --csv q_$dims.csv 2>/dev/null; echo "bench exit $?"
  timeout 120 ./bench --quick --table-only --dims $dims --engine-state --csv qe_$dims.csv 2>/dev/null; echo "bench exit $?"
done
timeout 200 ./bench --batches 9,16,32,64 --table-only --csv b.csv 2>/dev/null; echo "bench exit $?"
timeout 200 ./bench --batches 9,16,32,64 --table-only --engine-state --csv be.csv 2>/dev/null; echo "bench exit $?"
cp *.csv $OUT/ 2>/dev/null
cd ../diag
for connections in 1 4 8 16 32; do
  for n in 0 8; do
    echo -n "connections $connections: "
    CUDA_DEVICE_MAX_CONNECTIONS=$connections DIAG_N=$n timeout 60 ./decode_step_n ../testdata/golden | tr '\n' ' '
    echo
  done
done
echo "all done after $SECONDS s"
