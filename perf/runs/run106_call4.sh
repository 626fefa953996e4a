#!/usr/bin/env bash
# Run 106 call 4: OUT AT THE WAIT with 4 fills (bundle_o4, a8a3a31) and with 5 (bundle_o5,
# r106_out5 e903631: 162 registers, no spills) against main (bundle_m, 5430330).
#  - On any card: bundle_o5's 1-GPU fused, split, mailbox and watchdog tests, its SASS, and
#    compute-sanitizer synccheck, memcheck and racecheck of its fused variant at TP8 B=16
#    (bundle_o4's passed on H100s: run 106 calls 2, 3).
#  - On an H200 only (the targets' card; run 106's A/Bs were H100s): the A/B at TP8/TP16
#    B = 9, 16, 64 twice in one run, limits at TP8 B = 9, 16, and FILL STAMPS of main
#    (bundle_sm) and of the 4-fill candidate (bundle_so4) at TP8 B=9.
# First run 106 call 4 (stop 89, 17:01) named only bundle_o4 and ran nothing on an H100.
# About 60 s on an H100, 120 s on an H200. Merge the faster candidate if it is not
# slower than main on the H200.
#                        carry: bundle_pack/run106ab.tar.xz bundle_pack/run106d.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export NCCL_NVLS_ENABLE=0
tar xJf bundle_pack/run106ab.tar.xz bundle_m bundle_o4 bundle_sm bundle_so4 &&
  tar xJf bundle_pack/run106d.tar.xz
cat bundle_m/COMMIT bundle_o4/COMMIT bundle_o5/COMMIT | tee -a $top/head.txt
MAIN=bundle_m CANDIDATES="bundle_o4 bundle_o5" TESTS_OF=bundle_o5 \
  AB_CARD=H200 BATCHES=9,16,64 LIMIT_CELLS="8 9;8 16" \
  timeout 250 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|HGMMA|LDL|not an|^\|" $top/call.txt | head -40
tools/ab_table.sh $top/call.txt
# The watchdog test here, not above: each test runs once.
BUNDLE=bundle_o5 TESTS=watchdog_gpu_test SANITIZED=fused timeout 150 tools/gpu_validate.sh \
  $top/v > $top/v.txt 2>&1
echo "validate bundle_o5 exit $? at $SECONDS s" | tee -a $top/head.txt
cat $top/v.txt
if nvidia-smi -L | grep -q H200; then
  for b in bundle_sm bundle_so4; do
    echo "== $b TP8 B=9"
    (cd $b && timeout 30 ./profile_step fused 8 9 40 1 trace 2>&1)
  done > $top/stamps.txt 2>&1
  grep -E "^==|per step|fills \| us after|fills \| [0-9]+:" $top/stamps.txt
fi
(cd $top && tar cJf all.tar.xz c v && rm -rf c v)
