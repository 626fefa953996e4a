#!/usr/bin/env bash
# Builds what perf/runs/run110_call4.sh carries, here (Bazel), from a clean main, in case
# stop 96's packs (git-ignored) did not survive: run109s (main's full bundle, by
# perf/runs/run109_prepare.sh, if missing), run110d (DOWN RING ONLY AT N = 40..64: main +
# docs/experiments/down_ring_only_n64.patch), run110e (the same +
# down_ring_only_n64_late_trigger.patch), run110l (LATE A PAST 32: main +
# late_a_past_32.patch) and run110t (the same + late_a_past_32_late_trigger.patch). The
# candidates' bundle/COMMIT reads "<main>+changes" (the patches applied to
# the tree); ops/ and graphs/ are restored afterwards. A few minutes with a warm cache.
# Checked in stop 96: main with late_a_past_32.patch applied compiles to the PTX of branch
# r110_late64 (tools/same_ptx.sh r110_late64: every .cu identical), the code call 3 ran;
# the binaries themselves differ from build to build.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -z "$(git status --porcelain)" ] || { echo "run110_prepare: the tree has changes"; exit 2; }
[ -f bundle_pack/run109s.tar.xz ] || bash perf/runs/run109_prepare.sh
trap 'git checkout -- ops graphs' EXIT
git apply docs/experiments/down_ring_only_n64.patch
tools/bundle.sh bundle_drn ab
git apply docs/experiments/down_ring_only_n64_late_trigger.patch
tools/bundle.sh bundle_drnlt ab
git checkout -- ops graphs
git apply docs/experiments/late_a_past_32.patch
tools/bundle.sh bundle_late64 ab
git apply docs/experiments/late_a_past_32_late_trigger.patch
tools/bundle.sh bundle_late64lt ab
mkdir -p bundle_pack
tar cJf bundle_pack/run110d.tar.xz bundle_drn
tar cJf bundle_pack/run110e.tar.xz bundle_drnlt
tar cJf bundle_pack/run110l.tar.xz bundle_late64
tar cJf bundle_pack/run110t.tar.xz bundle_late64lt
echo "run110_prepare: $(cat bundle_drn/COMMIT) (4 bundles)," \
  "$(du -ch bundle_pack/run110[delt].tar.xz | tail -1 | cut -f1)"
