#!/usr/bin/env bash
# Run 93 call 1 (replaces run 92 call 3, which never ran): OWN PREFETCH, asked of an H200
# (named nvidia-h200; it ran on an H100, perf/RESULTS.md run 93).
# bundle/ is the merge candidate 90d3d7e (main 73cbb51 + docs/experiments/own_prefetch.patch,
# W = 8 after 1024 cycles; its PTX is r92_own_prefetch 4b979fa's, tools/same_ptx.sh);
# bundle_m92 is main's kernels (f70247f; no file under ops/, engine/, graphs/ or perf's
# sources changed since); bundle_w8d512 and bundle_w8d2048 are run 92's other delays.
# 1. tools/gpu_candidates.sh: the candidates' fused, split and mailbox tests, traces at
#    TP8 B=16, two rounds of the table at B = 9, 16, and the limits at TP8 B=9; then a
#    third round of main against the candidate.
# 2. Only where the candidate is faster than main at TP8 B = 9 and 16 over the three
#    rounds (the mean of its fused column minus main's is below zero): the validation of
#    the candidate as run 90 call 1 did it (every one-GPU test and the main job, SASS
#    HGMMA and no LDL/STL, sanitizers at the design TP8 B=16).
# Build (here, on own_prefetch_merge): tools/bundle.sh bundle; then
#   tar cJf bundle_pack_r93/run93.tar.xz bundle bundle_m92/{COMMIT,bench,profile_step,\
#   group_fused_1gpu_test,group_split_1gpu_test,mailbox_gpu_test} bundle_w8d512 bundle_w8d2048
# carry: bundle_pack_r93
{ date -u; tar xJf bundle_pack_r93/run93.tar.xz
  for b in bundle bundle_m92 bundle_w8d512 bundle_w8d2048; do echo "$b: $(cat $b/COMMIT)"; done
  nvidia-smi -L; } 2>&1 | tee $OUT/call.txt
MAIN=bundle_m92 CANDIDATES="bundle bundle_w8d512 bundle_w8d2048" BATCHES=9,16 \
  TRACES="8 16" LIMIT_CELLS="8 9" tools/gpu_candidates.sh $OUT/cand 2>&1 | tee -a $OUT/call.txt
BATCHES=9,16 tools/gpu_ab.sh $OUT/r3 bundle_m92 bundle 2>&1 | tee $OUT/r3.txt | tee -a $OUT/call.txt
echo "candidates done after $SECONDS s" | tee -a $OUT/call.txt
# The fused column (tp 8, B 9 and 16) of every table, by bundle: "== name (...)" heads each.
verdict=$(cat $OUT/cand/ab.txt $OUT/r3.txt | awk -F'|' '
  /^== / { name = $0; sub(/^== /, "", name); sub(/ .*/, "", name) }
  $1 ~ /^ *8 +(9|16) *$/ { split($4, f, " "); sum[name] += f[1]; n[name]++ }
  END { d = sum["bundle"] / n["bundle"] - sum["bundle_m92"] / n["bundle_m92"];
        printf "%s %.3f %d %d\n", (d < 0 ? "faster" : "not-faster"), d, n["bundle"], n["bundle_m92"] }')
echo "candidate minus main, TP8 B = 9, 16, mean fused us (cells candidate, main): $verdict" |
  tee -a $OUT/call.txt
case $verdict in faster*) ;; *) echo "no validation: not faster"; exit 0;; esac
TEST_TIMEOUT=200 MAIN_TIMEOUT=150 tools/gpu_suite.sh $OUT/suite
cat $OUT/suite/call.txt >> $OUT/call.txt
echo "suite done after $SECONDS s" | tee -a $OUT/call.txt
export NCCL_NVLS_ENABLE=0 LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ cuobjdump --dump-sass bundle/group_fused_1gpu_test > sass.txt 2>&1
  echo "HGMMA in group_fused_1gpu_test: $(grep -c HGMMA sass.txt)"
  echo "LDL/STL in group_fused_1gpu_test: $(grep -cE '\b(LDL|STL)\b' sass.txt)"; rm -f sass.txt
  echo "== sanitizers, design dims, tp/B 8 16"
  SHX_DIMS=design SANITIZER_SHAPE="8 16" SANITIZED="fused split" SANITIZER_TIMEOUT=60 \
    TESTS=" " timeout 150 tools/gpu_validate.sh $OUT/v_design_8_16 2>&1 | grep -vE "^== (mailbox|group)"
  echo "sanitizers done after $SECONDS s"; } 2>&1 | tee -a $OUT/call.txt
(cd $OUT && tar czf sanitizers.tgz v_* 2>/dev/null; rm -rf v_*)
