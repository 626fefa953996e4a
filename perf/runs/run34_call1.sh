#!/usr/bin/env bash
# Run 34, call 1 (perf/RESULTS.md), nvidia-h200: where the CTAs run, a diagnostic.
# profile_step's new placement line (trace point 13: %smid per CTA): how many SMs hold
# two CTAs of one grid, and the gate/up loop of the CTAs alone on their SM against those
# beside a second gate/up CTA or a down-only CTA. Design TP16 B=9 (three processes),
# TP8 B=9 (two), TP16 B=32; DeepSeek TP16 B=9 in six processes (its per-process spread,
# run 33 call 8) and DeepSeek TP8 B=9. Bundle bundle_place (branch r34_place).
# carry: bundle_place
set -u
source tools/gpu_env.sh "$OUT"
cat bundle_place/COMMIT
run() { # dims tp batch
  (cd bundle_place && SHX_DIMS=$1 timeout 30 ./profile_step fused $2 $3 40 1 trace 2>&1 |
     grep -E "per step|^breakdown|^launch|^placement")
}
for i in 1 2 3; do echo "== design TP16 B=9 ($i)"; run design 16 9; done
for i in 1 2; do echo "== design TP8 B=9 ($i)"; run design 8 9; done
echo "== design TP16 B=32"; run design 16 32
for i in 1 2 3 4 5 6; do echo "== DeepSeek TP16 B=9 ($i)"; run deepseek 16 9; done
echo "== DeepSeek TP8 B=9"; run deepseek 8 9
echo "all done after $SECONDS s"
