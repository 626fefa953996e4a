#!/usr/bin/env bash
# Run 29, call 1 (perf/RESULTS.md): two diagnostics of the current kernel (device code of
# `01d2732`; bundle = 3b4599a, bundle_xf = the same + docs/experiments/exit_fence.patch).
# (1) how long the last pushes take to become visible (thread 0 stamps after
#     __threadfence() and __threadfence_system() behind the push), against the gap from
#     the last push to the next grid's dependency wait;
# (2) where the warps stall in the short phases after the gate/up loop, with Nsight
#     Compute's warp sampling at its highest rate (interval 0: every 32 cycles; run 28
#     call 10's default gave 842 samples, too few there), TP16 B=9 and TP8 B=9, the
#     caches left as they are.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_xf/COMMIT
for shape in "16 9" "8 9" "16 32"; do
  echo "== bundle_xf trace TP/B $shape, last of 40 steps"
  (cd bundle_xf && timeout 30 ./profile_step fused $shape 40 1 trace 2>&1 | grep -E "per step|phase|entry|dependency|MMAs done|grid barrier|pushed|fenced|^CTA|rror|imeout")
done
for shape in "16 9" "8 9"; do
  name=fused_${shape/ /_}
  (cd bundle && timeout 150 ncu --clock-control none --cache-control none --import-source no \
     --section SourceCounters --section WarpStateStats --section InstructionStats \
     --warp-sampling-interval 0 --warp-sampling-buffer-size 536870912 \
     -k regex:shared_expert_fused --launch-skip 2 --launch-count 1 \
     -o "$out/$name" ./profile_step fused $shape 4 1 > "$out/$name.ncu.log" 2>&1)
  echo "ncu $name exit $?"; tail -2 "$out/$name.ncu.log"
  timeout 60 ncu -i "$out/$name.ncu-rep" --page details > "$out/$name.details.txt" 2>&1
  timeout 60 ncu -i "$out/$name.ncu-rep" --page source --csv --print-source sass \
    > "$out/$name.source.csv" 2> "$out/$name.source.err"
  echo "source exit $? ($(wc -l < "$out/$name.source.csv") lines)"
  grep -E "Duration|Warp Cycles Per Issued|Samples|No Instruction" "$out/$name.details.txt" | head -8
done
(cd "$out" && tar czf ncu.tgz *.txt *.csv *.log *.err && rm -rf *.txt *.csv *.log *.err *.ncu-rep)
