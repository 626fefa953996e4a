#!/usr/bin/env bash
# Builds what perf/runs/run108_call3.sh carries, here (Bazel), from a clean main:
#   bundle_pack/run108m.tar.xz    bundle_m: main's A/B bundle (tools/bundle.sh bundle_m ab)
#   bundle_pack/run108i.tar.xz    bundle_i: main with docs/experiments/
#                                 out_at_wait_instance.patch (kFusedXOut and its
#                                 integration note), committed on the branch r108_inst
#                                 (made anew from main), which it leaves checked out
# (run108m, not run106ab: run106_call7.sh and run107_call1.sh read four bundles from that.)
# Then, from that branch (its tools/same_sass.sh has IGNORE_CONSTANT_OFFSETS), the device
# call: `bash perf/runs/run108_call3.sh`, carry ["bundle_pack/run108m.tar.xz",
# "bundle_pack/run108i.tar.xz"]. About 2 minutes here with a warm Bazel cache.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -z "$(git status --porcelain)" ] || { echo "run108_prepare: the tree has changes"; exit 2; }
git checkout -q main
tools/bundle.sh bundle_m ab
git checkout -q -B r108_inst main
git apply docs/experiments/out_at_wait_instance.patch
git commit -qam "OUT AT THE WAIT per card as kFusedXOut (docs/experiments/out_at_wait_instance.patch)"
tools/bundle.sh bundle_i ab
mkdir -p bundle_pack
tar cJf bundle_pack/run108m.tar.xz bundle_m
tar cJf bundle_pack/run108i.tar.xz bundle_i
echo "run108_prepare: bundle_m $(cat bundle_m/COMMIT), bundle_i $(cat bundle_i/COMMIT);" \
  "on branch r108_inst"
