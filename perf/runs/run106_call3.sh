#!/usr/bin/env bash
# Run 106 call 3 (stop 89): OUT AT THE WAIT with 4 fills (bundle_o4, r106_out_at_wait
# a8a3a31) and with 6 (bundle_o6, r106_out6 66e7fd2: 168 registers, which, as found after
# the run, spill 144 bytes; 7 spill more, 8 serialize the wgmmas; 5 fit: run106_call4.sh)
# against main (bundle_m, 5430330), on any card (run 106 call 2 was an H100; the
# targets' card is an H200: head.txt says which).
#  - bundle_o6's 1-GPU fused, split, mailbox and watchdog tests and its SASS (HGMMA, no
#    LDL/STL); traces at TP8 B=9; the A/B at TP8/TP16 B = 9, 16, 64 (two rounds in one
#    run); limits at TP8 B = 9, 16.
#  - Both candidates' watchdog test and compute-sanitizer synccheck, memcheck and
#    racecheck of the fused variant at TP8 B=16 (two steps, both parities).
# Build: on r106_out6, tools/bundle.sh bundle_o6 ab; tar cJf bundle_pack/run106c.tar.xz
# bundle_o6.                 carry: bundle_pack/run106ab.tar.xz bundle_pack/run106c.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export NCCL_NVLS_ENABLE=0
tar xJf bundle_pack/run106ab.tar.xz bundle_m bundle_o4 && tar xJf bundle_pack/run106c.tar.xz
cat bundle_m/COMMIT bundle_o4/COMMIT bundle_o6/COMMIT | tee -a $top/head.txt
# LEAN=1 (a short call): no traces or limits, TP8 B = 9, 16 alone.
batches=9,16,64 traces="8 9" limit_cells="8 9;8 16"
[ "${LEAN:-0}" = 1 ] && batches=9,16 traces= limit_cells=
MAIN=bundle_m CANDIDATES="bundle_o4 bundle_o6" TESTS_OF=bundle_o6 \
  EXTRA_TESTS=watchdog_gpu_test BATCHES=$batches TRACES="$traces" LIMIT_CELLS="$limit_cells" \
  timeout 300 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^==|exit|passed|failed|HGMMA|LDL|per step|^\|" $top/call.txt | head -60
tools/ab_table.sh $top/call.txt
for b in bundle_o4 bundle_o6; do
  BUNDLE=$b TESTS=watchdog_gpu_test SANITIZED=fused timeout 200 tools/gpu_validate.sh \
    $top/v_$b > $top/v_$b.txt 2>&1
  echo "validate $b exit $? at $SECONDS s" | tee -a $top/head.txt
  cat $top/v_$b.txt
done
(cd $top && tar cJf all.tar.xz c v_bundle_o4 v_bundle_o6 && rm -rf c v_bundle_o4 v_bundle_o6)
