#!/usr/bin/env bash
# Run 115 call 1 (prepared in stop 102), named nvidia-h200, about 250 s of command (it
# ran in 162 s on an H100, stop 103 without H200_ONLY, perf/RESULTS.md run 115 call 1): the
# H200 A/B that decides STREAM'S END EVERYWHERE (run114_call8.sh's: main, v2 and se over
# design B = 9..64 and DeepSeek B = 9, 32, 64, two rounds) with one more candidate beside
# it, OWN DOWN AT THE STREAM'S END (bundle_ode, branch r115_own_down_end b643115: on
# r115_merge_se, kFusedX's and kFusedXOut's gate/up CTAs also hold their own early down
# loads until every gate/up CTA has issued its last refill; helper 149's proposal; not
# yet run on a GPU, so its 1-GPU fused, split, mailbox and watchdog tests run first), and
# tools/limits.sh at TP8 B=9 and TP16 B=9 for each bundle (where se's gain goes on an
# H200). With H200_ONLY=1 it stops at once on any other card (an H100's A/B does not
# decide a change in when weights are asked for: run 94); without it an H100 runs the
# same (bundle_ode's tests are valid there). It is run114_call8.sh with a fourth bundle,
# its tests and the limits.
#   carry: bundle_pack/run113c.tar.xz bundle_pack/run113f.tar.xz bundle_pack/run114se.tar.xz
#          bundle_pack/run115ode.tar.xz
set -u
here=$(dirname "$0")
PACKS="run113c run113f run114se run115ode" CANDIDATES="bundle_sa2 bundle_se bundle_ode" \
  TESTS_OF="bundle_ode" EXTRA_TESTS=watchdog_gpu_test LIMIT_CELLS="8 9;16 9" AB_TIMEOUT=400 \
  exec bash $here/run114_call8.sh # H200_ONLY passes through
