#!/usr/bin/env bash
# Run 106 call 4 (for the next stop), an H200 only (exits at once elsewhere): OUT AT THE
# WAIT with 4 fills (bundle_o4, a8a3a31) against main (bundle_m, 5430330) on the targets'
# card. Its tests, watchdog test and sanitizers passed on H100s (run 106 calls 2, 3), so
# this is the A/B alone: TP8/TP16 B = 9, 16, 64 twice in one run, limits at TP8 B = 9, 16,
# and FILL STAMPS of main (bundle_sm) and of the candidate (bundle_so4) at TP8 B=9. About
# 60 s. If bundle_o4 is not slower here, merge r106_out_at_wait.
#                                                    carry: bundle_pack/run106ab.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if ! nvidia-smi -L | grep -q H200; then echo "not an H200: nothing run"; exit 0; fi
export NCCL_NVLS_ENABLE=0
tar xJf bundle_pack/run106ab.tar.xz bundle_m bundle_o4 bundle_sm bundle_so4
cat bundle_m/COMMIT bundle_o4/COMMIT | tee -a $top/head.txt
MAIN=bundle_m CANDIDATES=bundle_o4 TESTS_OF= BATCHES=9,16,64 LIMIT_CELLS="8 9;8 16" \
  timeout 200 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^\|" $top/call.txt
tools/ab_table.sh $top/call.txt
for b in bundle_sm bundle_so4; do
  echo "== $b TP8 B=9"
  (cd $b && timeout 30 ./profile_step fused 8 9 40 1 trace 2>&1)
done > $top/stamps.txt 2>&1
grep -E "^==|per step|fills \| us after|fills \| [0-9]+:" $top/stamps.txt
(cd $top && tar cJf all.tar.xz c && rm -rf c)
