#!/usr/bin/env bash
# Run 59 call 2: bench part 2 with the new stand-in (a fixed 64 MiB a layer on 100 SMs,
# plain or cooperative: perf/floor.h), design dims twice (the spread), the DeepSeek dims,
# and the design dims in the engine state.
# Build first (here, with Bazel):
#   tools/bundle.sh bundle ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/run59_call2.tar.xz bundle
# carry: bundle_pack
date -u
tar xJf bundle_pack/run59_call2.tar.xz && cat bundle/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
mkdir -p csv
for run in design:1 design:2 deepseek:1; do
  dims=${run%:*}
  echo "== $dims, fresh, run ${run#*:}"
  bundle/bench --beside-only --dims $dims --csv csv/beside_${dims}_${run#*:}.csv
done
echo "== design, engine state"
bundle/bench --beside-only --engine-state --csv csv/beside_design_es.csv
tar czf $OUT/csv.tgz csv
echo "done after $SECONDS s"
