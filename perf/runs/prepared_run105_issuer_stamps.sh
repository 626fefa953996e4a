#!/usr/bin/env bash
# Prepared in stop 86 for a later stop, an H200 only (it exits at once elsewhere): why
# ISSUER X (branch r104_issuer_x 88f1f9f) lengthened x landed on the H200 by 0.12-0.17 us
# while its gate/up loop got 0.17-0.22 shorter (perf/RESULTS.md run 104 call 13). The
# FILL STAMPS builds of main (bundle_sm, c37362c+fill_stamps) and of ISSUER X (bundle_si,
# 88f1f9f+fill_stamps) trace the last of 40 steps at TP8 B = 9 and 16, twice each,
# alternated: profile_step's phase lines and its "fills |" rows (when each fill's weights
# landed, us after the dependency wait). Compare fill 0's landing (x landed) and the
# first refills' (10, 11, ...) in both. Time nothing with these bundles: the stamp warp
# costs about 0.15 us a step.
# Build: FILL_STAMPS=1 tools/bundle.sh bundle_sm ab (on main), FILL_STAMPS=1
# tools/bundle.sh bundle_si ab (on r104_issuer_x); tar cJf bundle_pack/run105_stamps.tar.xz
# bundle_sm bundle_si.                         carry: bundle_pack/run105_stamps.tar.xz
set -u
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
if ! nvidia-smi -L | grep -q H200; then echo "not an H200: nothing run"; exit 0; fi
tar xJf bundle_pack/run105_stamps.tar.xz && cat bundle_sm/COMMIT bundle_si/COMMIT | tee -a $OUT/head.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2; do
  for b in bundle_sm bundle_si; do
    for batch in 9 16; do
      echo "== $b TP8 B=$batch round $round"
      (cd $b && timeout 30 ./profile_step fused 8 $batch 40 1 trace 2>&1)
    done
  done
done > $OUT/traces.txt 2>&1
grep -E "^==|per step|MMAs done .*grid barrier|^fills \| +-?[0-9]+\.[0-9]+ \||dependency wait|first stage" \
  $OUT/traces.txt | head -200
echo "done after $SECONDS s" | tee -a $OUT/head.txt
