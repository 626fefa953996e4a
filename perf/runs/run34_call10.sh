#!/usr/bin/env bash
# Run 34, call 10 (perf/RESULTS.md), nvidia-h200: x and h in pairs of blocks. Candidates
# against main (bundle_base, d3030c4), each on the previous: hp (38bdf3b, branch r34_hp:
# the ring's A tiles first, then its B tiles, so that consecutive stages' B tiles are
# adjacent; the early down fills' h in pairs, one 3D TMA box for two blocks, the pair's
# first barrier expecting both), hpb (300b1b0, r34_hpb: plus the held down loop of call
# 2's burst where every down fill is early) and hpxb (a40cc4b, r34_hpxb: plus the first
# ring's x in pairs). Their 1-GPU tests, the A/B twice at both dims, limits.
# carry: bundle_base bundle_hp bundle_hpb bundle_hpxb
date -u
MAIN=bundle_base CANDIDATES="bundle_hp bundle_hpb bundle_hpxb" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,32,64 timeout 450 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates done after $SECONDS s"; grep -E "^==|exit|passed|failed|rror" $OUT/candidates.txt | head -40
for b in base hp hpb hpxb; do
  echo "== limits $b"
  BUNDLE=bundle_$b CELLS="16 9;8 9" timeout 50 tools/limits.sh $OUT/l_$b 2>&1 | tail -2
  SHX_DIMS=deepseek BUNDLE=bundle_$b CELLS="16 9" timeout 30 tools/limits.sh $OUT/l_$b 2>&1 | tail -1
done
echo "all done after $SECONDS s"
