#!/usr/bin/env bash
# Run 30, call 9 (perf/RESULTS.md): the early PDL trigger where the down tile does not
# fit the ring, now that its late blocks come from L2 (call 6): etA (branch r30_etA: at
# N <= 32 whether or not the tile fits, i.e. also TP8 N = 16, 32), etB (r30_etB: also at
# N = 64 where two CTAs share an SM: TP16 and the DeepSeek dims); against main (bundle =
# ad6d403). Run 28 measured the early trigger with such a prefetch at TP8 N <= 16 equal
# to its kernel without either.
set -u
MAIN=bundle CANDIDATES="bundle_etA bundle_etB" BATCHES=9,16,32,48,64 TRACES="8 9" \
  DEEPSEEK_BATCHES=9,48,64 tools/gpu_candidates.sh "$OUT" > "$OUT/candidates.txt" 2>&1
grep -E "^bundle|^==|exit|passed|failed|HGMMA|LDL|per step|MMAs done|grid barrier|pushed" "$OUT/candidates.txt"
