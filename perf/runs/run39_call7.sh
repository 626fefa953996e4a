#!/usr/bin/env bash
# Run 39, call 7 (perf/RESULTS.md), nvidia-h200: a diagnostic, bundle_ft (branch
# r39_fill_trace: per-fill stamps in the K loops and the producer; profile_step's fill
# table): what each fill of the gate/up and down loops waits for, at TP16 B=9, 32, 64 and
# TP8 B=9; the limits table of the same build (stamped against unstamped graph steps).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run39_call7.tar.xz && cat bundle_ft/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for cell in "16 9" "8 9" "16 32" "16 64"; do
  (cd bundle_ft && timeout 60 ./profile_step fused $cell 40 1 trace > $OUT/ft_${cell/ /_}.txt 2>&1)
  echo "== TP/B $cell exit $?"
  sed -n '/^fill |/,/^[a-z]*:/p' $OUT/ft_${cell/ /_}.txt | head -45
done
BUNDLE=bundle_ft CELLS="16 9;8 9;16 64" timeout 90 tools/limits.sh $OUT/lim > $OUT/limits.txt 2>&1
grep "^|" $OUT/limits.txt
echo "all done after $SECONDS s"
