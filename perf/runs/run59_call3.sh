#!/usr/bin/env bash
# Run 59 call 3: bench part 2 with both stand-ins (the timed one of issue 4, 15 us; the
# bytes one, 64 MiB a layer, plain or cooperative: perf/floor.h), design dims twice (the
# spread), the DeepSeek dims, the design dims in the engine state; and part 1 at B=9
# (`--table-only --batches 9`): the floor kernel is now a template instance
# (stream_floor<true>) and should read as in run 58.
# Build first (here, with Bazel):
#   tools/bundle.sh bundle ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/run59_call3.tar.xz bundle
# carry: bundle_pack
date -u
tar xJf bundle_pack/run59_call3.tar.xz && cat bundle/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
mkdir -p csv
for run in design:1 design:2 deepseek:1; do
  dims=${run%:*}
  echo "== beside, $dims, fresh, run ${run#*:}"
  bundle/bench --beside-only --dims $dims --csv csv/beside_${dims}_${run#*:}.csv
done
echo "== beside, design, engine state"
bundle/bench --beside-only --engine-state --csv csv/beside_design_es.csv
echo "== part 1 at B=9, design"
bundle/bench --table-only --batches 9 --csv csv/table_b9.csv
tar czf $OUT/csv.tgz csv
echo "done after $SECONDS s"
