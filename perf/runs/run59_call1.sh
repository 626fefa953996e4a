#!/usr/bin/env bash
# Run 59 call 1: the shared expert beside the routed experts' stand-in (bench part 2, now
# with the fused step followed by the stand-in, `bench --beside-only`), fresh and in the
# engine state, at both dims; and the SYNC DOMAINS in that context: the same binaries with
# the domains (default) and without (SHX_R59_NO_DOMAINS=1, branch r59_nodomain `973e2af`,
# main + that switch), alternated three rounds at the design dims, where the fused step's
# PDL neighbours are the stand-in (default domain), not another fused step.
# Build first (here, with Bazel):
#   git checkout r59_nodomain && tools/bundle.sh bundle_nd ab && git checkout main
#   tools/bundle.sh bundle ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/run59_call1.tar.xz bundle bundle_nd
# carry: bundle_pack
date -u
tar xJf bundle_pack/run59_call1.tar.xz && cat bundle/COMMIT bundle_nd/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
mkdir -p csv
for dims in design deepseek; do
  echo "== main, $dims, fresh"
  bundle/bench --beside-only --dims $dims --csv csv/beside_$dims.csv
  echo "== main, $dims, engine state"
  bundle/bench --beside-only --dims $dims --engine-state --csv csv/beside_${dims}_es.csv
done
for round in 1 2 3; do
  echo "== round $round: domains (r59_nodomain, switch unset)"
  bundle_nd/bench --beside-only --csv csv/dom_on_$round.csv
  echo "== round $round: no domains (SHX_R59_NO_DOMAINS=1)"
  SHX_R59_NO_DOMAINS=1 bundle_nd/bench --beside-only --csv csv/dom_off_$round.csv
done
tar czf $OUT/csv.tgz csv
echo "done after $SECONDS s"
