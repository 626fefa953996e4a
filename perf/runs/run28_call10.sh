#!/usr/bin/env bash
# Run 28, call 10 (perf/RESULTS.md): (1) the GPU tests of the mailbox-route refactor
# (engine: shx_op_mailbox_route, host code only); (2) where the warps stall in the short
# phases after the gate/up loop (reduction, activation, h release, push: about 0.3 us
# each, unexplained), per SASS instruction, Nsight Compute source counters, TP16 B=9,
# with the caches left as they are (--cache-control none) so that a cold instruction
# cache is not made by the profiler. bundle = full bundle of this commit.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT
TAIL=2 MAIN= TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/check" 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL"
name=fused_16_9
(cd bundle && timeout 150 ncu --clock-control none --cache-control none --import-source no \
   --section SourceCounters --section WarpStateStats \
   -k regex:shared_expert_fused --launch-skip 2 --launch-count 1 \
   -o "$out/$name" ./profile_step fused 16 9 4 1 > "$out/$name.ncu.log" 2>&1)
echo "ncu exit $?"; tail -3 "$out/$name.ncu.log"
timeout 60 ncu -i "$out/$name.ncu-rep" --page details > "$out/$name.details.txt" 2>&1
timeout 60 ncu -i "$out/$name.ncu-rep" --page source --csv --print-source sass \
  > "$out/$name.source.csv" 2> "$out/$name.source.err"
echo "source exit $? ($(wc -l < "$out/$name.source.csv") lines)"
grep -E "Duration|Warp Cycles Per Issued|No Instruction|Stall" "$out/$name.details.txt" | head -20
(cd "$out" && tar czf ncu.tgz *.txt *.csv *.log *.err check && rm -rf *.txt *.csv *.log *.err check *.ncu-rep)
