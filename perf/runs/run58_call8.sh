#!/usr/bin/env bash
# Run 58 call 8: compute-sanitizer (synccheck, memcheck, racecheck) over a graph of two
# steps, parities 0 and 1, so that the remote-domain launch of SYNC DOMAINS is covered
# (call 7's sanitizers ran graphs of one step: parity 0 only), at the design's TP8 B=16
# (fused, split) and TP16 B=16 (fused), and the DeepSeek TP16 B=9 (fused). Call 7's
# full bundle (`2817dfc`, main's kernels and launch as `c340d71`).
# Build first: rm -f bundle_pack/*; tar cJf bundle_pack/run58_call8.tar.xz bundle
# carry: bundle_pack
date -u
tar xJf bundle_pack/run58_call8.tar.xz && cat bundle/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for case in "design 8 16 fused split" "design 16 16 fused" "deepseek 16 9 fused"; do
  read -r dims tp batch variants <<< "$case"
  echo "== sanitizers, $dims dims, tp/B $tp $batch, 2 steps"
  SHX_DIMS=$dims SANITIZER_SHAPE="$tp $batch" SANITIZED="$variants" SANITIZER_STEPS=2 \
    SANITIZER_TIMEOUT=90 TESTS=" " timeout 250 tools/gpu_validate.sh "$OUT/v_${dims}_${tp}_$batch" 2>&1
done
echo "all done after $SECONDS s"
