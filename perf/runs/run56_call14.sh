#!/usr/bin/env bash
# Run 56 call 14: where the fused step's 0.13-0.18 us in the engine state go (calls 11, 13:
# at B = 9, 16, none at B = 32, 64). tools/limits.sh at TP16 B = 9, 16, 32 and TP8 B=9, in a
# fresh process and with SHX_ENGINE_STATE=1 (profile_step enters the engine state first),
# twice each. Bundle of `d9bb7e3` (kernels `bfaa410`'s PTX).
# Build first (here, with Bazel):
#   tools/bundle.sh bundle ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call14.tar.xz bundle
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call14.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2; do
  echo "== fresh, round $round"
  BUNDLE=bundle CELLS="16 9;16 16;16 32;8 9" timeout 100 tools/limits.sh $OUT/fresh$round | grep "^|"
  echo "== engine state, round $round"
  SHX_ENGINE_STATE=1 BUNDLE=bundle CELLS="16 9;16 16;16 32;8 9" timeout 100 tools/limits.sh $OUT/engine$round | grep "^|"
done
echo "all done after $SECONDS s"
