#!/usr/bin/env bash
# Run 47, call 8 (perf/RESULTS.md), nvidia-h200, a diagnostic: what sets "x landed" at TP8
# N = 16 with HELD X (0.58-0.92 us after the wait)? Two builds move kFusedX's stamp (point
# 11, traced steps only; the untraced kernel is main's): sw (r47_stamp_w) stamps when fill
# 0's weights have landed, its x stored after; sx (r47_stamp_x) stamps when fill 0's x is
# stored (all ten loads back), its weights waited for after. Limits of main (bundle_m,
# f7243a7), sw and sx at TP8 B = 9, 16, twice.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run47_call8.tar.xz && for b in bundle_m bundle_sw bundle_sx; do
  cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2; do
  for b in bundle_m bundle_sw bundle_sx; do
    echo "== $b round $round"
    BUNDLE=$b CELLS="8 9;8 16" timeout 60 tools/limits.sh /tmp/l_$b | grep "^| 8 "
  done
done
echo "all done after $SECONDS s"
