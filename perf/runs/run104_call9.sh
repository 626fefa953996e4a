#!/usr/bin/env bash
# Run 104 call 9 (stop 86): three candidates against main (bundle_m, 7419056):
#  - ISSUER X (bundle_xi, r104_issuer_x 88f1f9f);
#  - EXIT DRAIN ALL (bundle_xd, r104_exit_drain_all 3c1be70);
#  - EXIT DRAIN CTA (bundle_xc, r104_exit_drain_cta f31543b): EXIT DRAIN ALL with the
#    copy issuers' adoption read from a gave-up word in the CTA's shared memory instead
#    of the op's global flag (is the global load what EXIT DRAIN costs on H100s?).
# On any card: bundle_xc's fused, split, mailbox and watchdog tests (TESTS=0 skips them;
# H200_ONLY=1 exits at once on any other card).
# On an H200: the A/B of all four twice in one run at TP8/TP16 B = 9, 16, 24, 32, 64, then
# a second round. Elsewhere: the A/B of bundle_m, bundle_xd and bundle_xc the same way.
# Build: as run104_call6.sh; on r104_exit_drain_cta, tools/bundle.sh bundle_xc ab;
# tar cJf bundle_pack/run104ab3.tar.xz bundle_m bundle_xi bundle_xd bundle_xc.
#                                                      carry: bundle_pack/run104ab3.tar.xz
set -u
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
if [ "${H200_ONLY:-0}" = 1 ] && ! nvidia-smi -L | grep -q H200; then
  echo "not an H200: nothing run (H200_ONLY=1)"; exit 0
fi
tar xJf bundle_pack/run104ab3.tar.xz && cat bundle_*/COMMIT | tee -a $OUT/head.txt
tests_of=bundle_xc
[ "${TESTS:-1}" = 0 ] && tests_of=
candidates="bundle_xd bundle_xc"
nvidia-smi -L | grep -q H200 && candidates="bundle_xi bundle_xd bundle_xc"
MAIN=bundle_m CANDIDATES="$candidates" TESTS_OF="$tests_of" EXTRA_TESTS=watchdog_gpu_test \
  BATCHES=9,16,24,32,64 timeout 300 tools/gpu_candidates.sh $OUT/c 2>&1 |
  tee $OUT/call.txt | grep -E "^==|exit|passed|failed|HGMMA|LDL" | head -20
tools/ab_table.sh $OUT/call.txt
MAIN=bundle_m CANDIDATES="$candidates" TESTS_OF= BATCHES=9,16,24,32,64 timeout 150 \
  tools/gpu_candidates.sh $OUT/c2 > $OUT/call2.txt 2>&1
tools/ab_table.sh $OUT/call2.txt
echo "done after $SECONDS s" | tee -a $OUT/head.txt
