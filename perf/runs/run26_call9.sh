#!/usr/bin/env bash
# Run 26, call 9 (perf/RESULTS.md): where the fused kernel's warps stall, per SASS
# instruction (Nsight Compute source counters), TP8 and TP16 at B = 9, one step each.
# bundle = fa33c59 (tools/bundle.sh); BUNDLE=folder profiles another bundle (run 27).
set -u
source tools/gpu_env.sh "$OUT"
cat "$bundle/COMMIT"
ncu --version | tail -1
ncu --help | grep -E "print-source|--page " | head -5
for cfg in "8 9" "16 9"; do
  name="fused_${cfg// /_}"
  (cd "$bundle" && timeout 150 ncu --clock-control none --import-source no \
     --section SourceCounters --section WarpStateStats --section SpeedOfLight \
     -k regex:shared_expert_fused --launch-skip 2 --launch-count 1 \
     -o "$out/$name" ./profile_step fused $cfg 4 1 > "$out/$name.ncu.log" 2>&1)
  echo "$name ncu exit $?"; tail -3 "$out/$name.ncu.log"
  timeout 60 ncu -i "$out/$name.ncu-rep" --page details > "$out/$name.details.txt" 2>&1
  echo "details exit $?"
  timeout 60 ncu -i "$out/$name.ncu-rep" --page source --csv --print-source sass \
    > "$out/$name.source.csv" 2> "$out/$name.source.err"
  echo "source exit $? ($(wc -l < "$out/$name.source.csv") lines)"; head -c 600 "$out/$name.source.err"
  grep -E "Duration|DRAM Throughput|Warp Cycles Per Issued|Stall|No Eligible" "$out/$name.details.txt" | head -30
done
cd "$out" && tar czf ncu.tgz *.txt *.csv *.log *.err && rm -f *.txt *.csv *.log *.err && ls -la
