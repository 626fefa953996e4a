#!/usr/bin/env bash
# Run 100 call 4 (stop 84), an H200 only (it exits at once elsewhere): EXIT DRAIN X
# (bundle_xx, b3e9741, merged in 88dd337) against main's kernels before it (bundle_m,
# 386bb7c), the A/B twice in one run at TP8/TP16 B = 9, 16, 64; no tests (run 100 call 3
# ran them). If kFusedX is slower here, revert the merge (docs/experiments/README.md).
# Build: as perf/runs/run100_call3.sh.                             carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
if ! nvidia-smi -L | grep -q H200; then echo "not an H200: nothing run"; exit 0; fi
tar xJf bundle_pack/run99.tar.xz bundle_m && tar xJf bundle_pack/run100x.tar.xz
MAIN=bundle_m CANDIDATES="bundle_xx" TESTS_OF= BATCHES=9,16,64 timeout 300 \
  tools/gpu_candidates.sh $OUT/c 2>&1 | tee $OUT/call.txt | tail -12
echo "done after $SECONDS s" | tee -a $OUT/call.txt
