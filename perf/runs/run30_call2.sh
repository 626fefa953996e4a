#!/usr/bin/env bash
# Run 30, call 2 (perf/RESULTS.md): where do the short phases after the gate/up loop
# lose their time? Nsight Compute at its highest warp-sampling rate, as run 29 call 1,
# on main (bundle_main = 15e8e5c), the per-instruction stall reasons kept whole (the
# source page as CSV, every stall column) so that instruction-fetch stalls
# (no_instruction) can be summed per region of the SASS: TP16 B=9 and TP8 B=9.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_main/COMMIT
for shape in "16 9" "8 9"; do
  name=fused_${shape/ /_}
  (cd bundle_main && timeout 150 ncu --clock-control none --cache-control none \
     --import-source no --section SourceCounters --section WarpStateStats \
     --section InstructionStats --warp-sampling-interval 0 \
     --warp-sampling-buffer-size 536870912 -k regex:shared_expert_fused --launch-skip 2 \
     --launch-count 1 -o "$out/$name" ./profile_step fused $shape 4 1 > "$out/$name.ncu.log" 2>&1)
  echo "ncu $name exit $?"; tail -2 "$out/$name.ncu.log"
  timeout 60 ncu -i "$out/$name.ncu-rep" --page details > "$out/$name.details.txt" 2>&1
  timeout 60 ncu -i "$out/$name.ncu-rep" --page source --csv --print-source sass \
    > "$out/$name.source.csv" 2> "$out/$name.source.err"
  echo "source exit $? ($(wc -l < "$out/$name.source.csv") lines)"
  head -1 "$out/$name.source.csv" | tr ',' '\n' | head -60 | tr '\n' '|'; echo
  grep -E "Duration|Warp Cycles Per Issued|Samples|No Instruction|Stall" "$out/$name.details.txt" | head -20
done
(cd "$out" && tar czf ncu.tgz *.txt *.csv *.log *.err && rm -rf *.txt *.csv *.log *.err *.ncu-rep)
ls -la "$out"
