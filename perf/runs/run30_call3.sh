#!/usr/bin/env bash
# Run 30, call 3 (perf/RESULTS.md): the whole benchmark at the DeepSeek-V3 dims
# (`bench --dims deepseek --repeat 2`: table, PDL on/off, the split variant beside the
# routed stand-in, and the policy file an engine at those dims can load), and the
# design-point benchmark's every part once more with the new bench code (`--quick`).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_main/COMMIT
(cd bundle_main && timeout 300 ./bench --dims deepseek --repeat 2 --csv "$out/bench_deepseek.csv" \
  --policy "$out/policy_deepseek.txt" > "$out/deepseek.txt" 2> "$out/deepseek.err"; echo "exit $?")
cat "$out/deepseek.txt"
(cd bundle_main && timeout 200 ./bench --quick --csv "$out/quick.csv" --policy "$out/quick_policy.txt" \
  > "$out/quick.txt" 2> "$out/quick.err"; echo "exit $?")
cat "$out/quick.txt"
