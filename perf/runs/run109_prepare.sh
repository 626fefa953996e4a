#!/usr/bin/env bash
# Builds what perf/runs/run109_call1.sh carries, here (Bazel), from a clean main: the full
# bundle (tools/bundle.sh bundle) packed as bundle_pack/run109s.tar.xz. About 3 minutes
# with a warm Bazel cache. Check the pack is under the carry's 64 MiB.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -z "$(git status --porcelain)" ] || { echo "run109_prepare: the tree has changes"; exit 2; }
tools/bundle.sh bundle
mkdir -p bundle_pack
tar cJf bundle_pack/run109s.tar.xz bundle
echo "run109_prepare: bundle $(cat bundle/COMMIT), $(du -h bundle_pack/run109s.tar.xz | cut -f1)"
