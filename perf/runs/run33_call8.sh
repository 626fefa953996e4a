#!/usr/bin/env bash
# Run 33, call 8 (perf/RESULTS.md), nvidia-h200: the per-process spread of the
# cluster-16 plans (calls 5-7), a diagnostic: twelve separate profile_step processes
# each at DeepSeek TP16 B = 9, 32, 64 (40-step graphs, trace), their step and launch
# lines, to see whether a slow process has some of the next grid's CTAs entering only
# after this grid's last push (not co-resident). Main bundle 7b898ee (device code 0004b45).
# carry: bundle
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT
for b in 9 32 64; do
  echo "== DeepSeek TP16 B=$b"
  for i in $(seq 12); do
    (cd bundle && SHX_DIMS=deepseek timeout 30 ./profile_step fused 16 $b 40 1 trace 2>&1 |
       grep -E "per step|^launch" | sed -E 's/ \(one graph of 40 steps\)//' | paste -sd' ')
  done
done
echo "all done after $SECONDS s"
