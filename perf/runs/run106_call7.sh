#!/usr/bin/env bash
# Run 106 call 7: the A/B of main (bundle_m, 5430330) against OUT AT THE WAIT with 4 fills
# (bundle_o4, a8a3a31) and with 5 (bundle_o5, e903631) at TP8/TP16 B = 9, 16, 64, two
# rounds in one run, on whatever card comes: all three builds' tests and sanitizers
# passed (run 106 calls 2, 3, 6), and the H100's numbers say whether 5 fills beat 4
# there. On an H200 only, also tools/limits.sh at TP8 B = 9, 16 and FILL STAMPS of main
# (bundle_sm) and the 4-fill build (bundle_so4) at TP8 B=9. 16 s on an H100 (run 107 call
# 1); about 90 s on an H200 (run 106 call 3's limits of three builds took about 50 s).
# STAMPED names the FILL STAMPS builds (default bundle_sm bundle_so4; run107_call1.sh adds
# bundle_so5, e903631+fill_stamps, from bundle_pack/run107s.tar.xz where carried).
#                        carry: bundle_pack/run106ab.tar.xz bundle_pack/run106d.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export NCCL_NVLS_ENABLE=0
tar xJf bundle_pack/run106ab.tar.xz bundle_m bundle_o4 bundle_sm bundle_so4 &&
  tar xJf bundle_pack/run106d.tar.xz
[ -f bundle_pack/run107s.tar.xz ] && tar xJf bundle_pack/run107s.tar.xz
cat bundle_m/COMMIT bundle_o4/COMMIT bundle_o5/COMMIT | tee -a $top/head.txt
h200=; nvidia-smi -L | grep -q H200 && h200=1
MAIN=bundle_m CANDIDATES="bundle_o4 bundle_o5" TESTS_OF= BATCHES=9,16,64 \
  LIMIT_CELLS=${h200:+"8 9;8 16"} timeout 250 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt  # the limits rows (an H200 only)
if [ -n "$h200" ]; then
  for b in ${STAMPED:-bundle_sm bundle_so4}; do
    echo "== $b TP8 B=9"
    (cd $b && timeout 30 ./profile_step fused 8 9 40 1 trace 2>&1)
  done > $top/stamps.txt 2>&1
  grep -E "^==|per step|fills \| us after|fills \| [0-9]+:" $top/stamps.txt
fi
(cd $top && tar cJf all.tar.xz c && rm -rf c)
