#!/usr/bin/env bash
# Run 44, call 6 (perf/RESULTS.md), nvidia-h200: the prologue cut further (d2, r44_entry's
# second commit, a diagnostic): point 8 the kernel's first instruction, point 0 thread 0
# before init_barriers, point 3 after it, point 12 the producer's first ring load (after
# the cluster barrier). profile_step traces at TP16 and TP8 B=9.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run44_call6.tar.xz && cat bundle_d2/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for shape in "16 9" "8 9"; do
  echo "== bundle_d2 fused TP/B $shape"
  (cd bundle_d2 && timeout 30 ./profile_step fused $shape 40 1 trace > $OUT/trace_d2_${shape/ /_}.txt 2>&1)
  grep -E "per step|^launch|kernel entry|pre-barrier|published|h stored|dependency wait|first gate/up" $OUT/trace_d2_${shape/ /_}.txt
done
echo "all done after $SECONDS s"
