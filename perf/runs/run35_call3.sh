#!/usr/bin/env bash
# Run 35, call 3 (perf/RESULTS.md), nvidia-h200: candidates on main (bundle_base,
# 004d54b: the refill prefetch up to N = 32): pf64 (branch r35_pf64: up to N = 64, which
# changes only the clusters-of-16 instances, the DeepSeek dims at TP16 B = 33..64), et64pf
# (branch r35_et64pf: pf64 with the early trigger up to N = 64 where the down tile fits)
# and ringl2 (branch r35_ringl2: where the grid triggers early, nothing is loaded into
# shared memory before the dependency wait; the first ring and the down-only CTAs' tiles
# are asked into L2 instead and loaded from there after it: does the gap from the last
# push to the next wait shrink when the next grid has no TMA loads in flight?). Their
# 1-GPU tests, traces at TP16 B=9, the A/B twice at both dims, limits.
# carry: bundle_base bundle_pf64 bundle_et64pf bundle_ringl2
date -u
MAIN=bundle_base CANDIDATES="bundle_pf64 bundle_et64pf bundle_ringl2" BATCHES=9,16,32,64 TRACES="16 9" \
  DEEPSEEK_BATCHES=9,32,48,64 timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"
grep -E "^==|exit [1-9]|failed|rror|HGMMA|LDL|per step|wait \(c|MMAs done|grid barrier|pushed|launch" $OUT/candidates.txt | grep -v "^== bundle_.* ([0-9a-f]*)$" | head -60
for b in base pf64 et64pf ringl2; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;16 32" timeout 40 tools/limits.sh $OUT/l_$b 2>&1 | tail -2
  SHX_DIMS=deepseek BUNDLE=bundle_$b CELLS="16 64;8 64" timeout 40 tools/limits.sh $OUT/lds_$b 2>&1 | tail -2
done
echo "all done after $SECONDS s"
