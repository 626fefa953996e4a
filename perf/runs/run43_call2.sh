#!/usr/bin/env bash
# Run 43, call 2 (perf/RESULTS.md), nvidia-h200: why the kernel's down MMAs take about
# 250 cycles a fill with no handshake at all (call 1's bundle_d). Traces (profile_step,
# the last of 40 steps, with and without PDL) and limits rows of main (bundle_m), d
# (r43_down_ready) and p (r43_replay, a diagnostic on d: where no stage is refilled the
# down job's MMAs run twice from the same resident fills, the second pass, warm, between
# points 6 and 7). Without PDL no next grid shares the SM during the down loop.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run43_call2.tar.xz && cat bundle_m/COMMIT bundle_d/COMMIT bundle_p/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
pattern="per step|dependency wait \(c|MMAs done|partials|published|grid barrier|first down|pushed|rror|imeout"
for shape in "16 9" "16 32" "8 9"; do
  for pdl in 1 0; do
    for b in bundle_m bundle_d bundle_p; do
      echo "== $b trace TP/B $shape pdl $pdl"
      (cd $b && timeout 30 ./profile_step fused $shape 40 $pdl trace 2>&1 | grep -E "$pattern")
    done
  done
done
for b in bundle_m bundle_d bundle_p; do
  echo "== $b limits"
  BUNDLE=$b CELLS="16 9;16 32;8 9" timeout 90 tools/limits.sh $OUT/l_$b 2>&1 | grep "^| [0-9]"
done
echo "all done after $SECONDS s"
