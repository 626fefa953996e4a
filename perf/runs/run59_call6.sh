#!/usr/bin/env bash
# Run 59 call 6 (after a review): the SYNC DOMAINS on and off in the same binaries, where
# they could matter.
# 1. bundle_nd2 (branch r59_nd2 `6689eae`: main + SHX_R59_NO_DOMAINS, which launches every
#    fused step in the default domain): bench --beside-only at the design dims, the
#    switch unset and set, three rounds: the row that matters is the fused step followed
#    by the cooperative stand-in (launched with PDL, so its first ring runs beside the
#    step's chain once the step triggers).
# 2. bundle_t0nd (branch r59_t0nd `3f6203c`: call 4's trigger at start + the same switch):
#    limits at TP16 B = 9, 16, the switch unset and set, two rounds: does the h release
#    wait for the next grid's copies with and without the domains (call 4 had it with
#    them only; run 32 without, in an older kernel)?
# Build first (here, with Bazel):
#   git checkout r59_nd2 && tools/bundle.sh bundle_nd2 ab
#   git checkout r59_t0nd && tools/bundle.sh bundle_t0nd ab && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run59_call6.tar.xz bundle_nd2 bundle_t0nd
# carry: bundle_pack
date -u
tar xJf bundle_pack/run59_call6.tar.xz && cat bundle_nd2/COMMIT bundle_t0nd/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
mkdir -p csv
for round in 1 2 3; do
  echo "== beside, round $round, domains"
  bundle_nd2/bench --beside-only --csv csv/on_$round.csv | tail -6
  echo "== beside, round $round, no domains"
  SHX_R59_NO_DOMAINS=1 bundle_nd2/bench --beside-only --csv csv/off_$round.csv | tail -6
done
for round in 1 2; do
  echo "== limits t0, round $round, domains"
  BUNDLE=bundle_t0nd CELLS="16 9;16 16" tools/limits.sh $OUT/lim 2>&1 | tail -2
  echo "== limits t0, round $round, no domains"
  SHX_R59_NO_DOMAINS=1 BUNDLE=bundle_t0nd CELLS="16 9;16 16" tools/limits.sh $OUT/lim 2>&1 | tail -2
done
rm -rf $OUT/lim
tar czf $OUT/csv.tgz csv
echo "done after $SECONDS s"
