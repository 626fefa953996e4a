#!/usr/bin/env bash
# Run 34, call 9 (perf/RESULTS.md), nvidia-h200: does the wgmma rate depend on the
# operands? perf/wgmma_rate (branch r34_rand) with zero operands, then with random BF16
# values, same binary, same call. (Call 5 measured the fused kernel's held K loops at
# about 176-200 cycles a 64-K block with every operand resident; wgmma_rate's mode 0,
# on zeros, 80.)
# carry: bundle_rand
source tools/gpu_env.sh "$OUT"
for operands in zeros random; do
  echo "== $operands"
  ./bundle_rand/wgmma_rate 4096 $operands | awk 'NR == 1 || $1 == 16 || $1 == 64'
done
