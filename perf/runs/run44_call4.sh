#!/usr/bin/env bash
# Run 44, call 4 (perf/RESULTS.md), nvidia-h200: perf/launch_probe with a row of larger
# kernel parameters; the fused kernel's launch line (profile_step's trace: the next
# grid's entry after this grid's last trigger point) at TP16 and TP8 B=9 (bundle_b,
# main's behaviour).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run44_call4.tar.xz && cat bundle_p/COMMIT bundle_b/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 120 ./bundle_p/launch_probe > $OUT/launch_probe.txt 2>&1
echo "launch_probe exit $? after $SECONDS s"
cat $OUT/launch_probe.txt
for shape in "16 9" "8 9"; do
  echo "== fused TP/B $shape"
  (cd bundle_b && timeout 30 ./profile_step fused $shape 40 1 trace > $OUT/trace_${shape/ /_}.txt 2>&1)
  grep -E "per step|^launch|placement|exchange \|" $OUT/trace_${shape/ /_}.txt
done
echo "all done after $SECONDS s"
