#!/usr/bin/env bash
# Run 36, call 6 (perf/RESULTS.md), nvidia-h200: perf/down_probe (new, 2c54d81): the TP16
# down loop alone (six K blocks a tile, weights resident, h from L2) with the weights as
# wgmma's A operand (the fused kernel's form, 64-row tiles, 112 CTAs) against the weights
# as its B operand (128-row tiles, h padded to 64 rows, 56 CTAs), twice, and once under
# compute-sanitizer memcheck; the 1-GPU fused, split and mailbox tests of the same build
# (the tensor-map encoding moved to ops/ptx/tensor_map.cuh; the kernel's .nv_fatbin is
# unchanged), and bench at B=9 as a check.
# carry: bundle_probe
source tools/gpu_env.sh "$OUT"
cd bundle_probe
for t in group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test; do
  echo "== $t"; timeout 120 ./$t > "$out/$t.log" 2>&1; echo "exit $?"; tail -2 "$out/$t.log"
done
for i in 1 2; do echo "== down_probe run $i"; timeout 60 ./down_probe 32; echo "exit $?"; done
echo "== down_probe under memcheck"
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 ./down_probe 2 2>&1 | tail -4
echo "== bench B=9"
timeout 60 ./bench --batches 9 --table-only 2>/dev/null
echo "done after $SECONDS s"
