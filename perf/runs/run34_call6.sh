#!/usr/bin/env bash
# Run 34, call 6 (perf/RESULTS.md), nvidia-h200: a diagnostic, clk (branch r34_clk, on
# call 5's wfd): clock64 beside the stamps of the gate/up loop (11 -> 1) and the first
# down job's loop (6 -> 7); profile_step's "clock" line gives the SM clock over each
# (cycles / ns), with the breakdown row, at design TP16 B=9, TP8 B=9 and DeepSeek TP16
# B=9 (where the held loops' stamps are "every fill landed" -> "MMAs done").
# carry: bundle_clk
date -u
source tools/gpu_env.sh "$OUT"
for cell in "design 16 9" "design 8 9" "deepseek 16 9" "design 16 9" "deepseek 16 9"; do
  read -r dims tp b <<< "$cell"
  echo "== $dims TP$tp B=$b"
  (cd bundle_clk && SHX_DIMS=$dims timeout 30 ./profile_step fused $tp $b 40 1 trace 2>&1 |
     grep -E "per step|^breakdown|^clock")
done
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit --format=csv
echo "all done after $SECONDS s"
