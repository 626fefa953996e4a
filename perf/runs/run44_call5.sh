#!/usr/bin/env bash
# Run 44, call 5 (perf/RESULTS.md), nvidia-h200: where the next grid's 1.2 us from the
# trigger to its entry go (perf/launch_probe: 0.5 us for a bare kernel). d
# (r44_entry, docs/experiments/entry_stamps.patch, a diagnostic): the entry stamp (point
# 8) taken at the kernel's first instruction, point 12 at the producer's first ring load;
# b (main's behaviour) for comparison. profile_step traces at TP16 and TP8 B=9.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run44_call5.tar.xz && cat bundle_b/COMMIT bundle_d/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for shape in "16 9" "8 9"; do
  for b in bundle_b bundle_d; do
    echo "== $b fused TP/B $shape"
    (cd $b && timeout 30 ./profile_step fused $shape 40 1 trace > $OUT/trace_${b}_${shape/ /_}.txt 2>&1)
    grep -E "per step|^launch|kernel entry|dependency wait|first gate/up|h stored|MMAs done|grid barrier" $OUT/trace_${b}_${shape/ /_}.txt
  done
done
echo "all done after $SECONDS s"
