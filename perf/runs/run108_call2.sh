#!/usr/bin/env bash
# Run 108 call 2 (stop 91): OUT AT THE WAIT's per-card choice timed in one build, on
# whatever card comes.
#  1. bundle_c (r108_card 5ea3a03, kernels as 27a33cd, whose tests and sanitizers passed
#     on an H100 in run 108 call 1): `bench --out-at-wait` at TP8/TP16 B = 9, 16, 64, three
#     rounds of off and on alternating. On an H200 this decides the rule there; on an
#     H100 it gives the on/off gain within one build.
#  2. The A/B of main (bundle_m, 17a379c), 5 fills (bundle_o5, a2cbd8d = e903631) and
#     bundle_c at TP8/TP16 B = 9, 16, 64, two rounds: bundle_c against main where its plan
#     is off (an H200) says what the code costs when off. On an H200 also limits at TP8
#     B = 9, 16 and FILL STAMPS of main and 5 fills (bundle_sm, bundle_so5) at TP8 B=9.
# About 80 s on an H100. Everything under $OUT/all.tar.xz.
#   carry: bundle_pack/run106ab.tar.xz bundle_pack/run106d.tar.xz
#          bundle_pack/run107s.tar.xz bundle_pack/run108c.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for p in run106ab run106d run107s run108c; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle_m/COMMIT bundle_o5/COMMIT bundle_c/COMMIT | tee -a $top/head.txt
h200=; nvidia-smi -L | grep -q H200 && h200=1
(cd bundle_c && timeout 150 ./bench --out-at-wait --batches 9,16,64 --repeat 3 \
   --csv $top/out_at_wait.csv) > $top/oaw.txt 2>&1
echo "out-at-wait exit $? at $SECONDS s" | tee -a $top/head.txt
grep -v "^\s*$" $top/oaw.txt | tail -9
MAIN=bundle_m CANDIDATES="bundle_o5 bundle_c" TESTS_OF= BATCHES=9,16,64 \
  LIMIT_CELLS=${h200:+"8 9;8 16"} timeout 250 tools/gpu_candidates.sh $top/c > $top/call.txt 2>&1
echo "candidates exit $? at $SECONDS s" | tee -a $top/head.txt
grep -m1 "out at the wait" $top/call.txt | cut -c1-200
tools/ab_table.sh $top/call.txt
grep "^|" $top/call.txt  # the limits rows (an H200 only)
if [ -n "$h200" ]; then
  for b in bundle_sm bundle_so5; do
    echo "== $b TP8 B=9"
    (cd $b && timeout 30 ./profile_step fused 8 9 40 1 trace 2>&1)
  done > $top/stamps.txt 2>&1
  grep -E "^==|per step|fills \| us after|fills \| [0-9]+:" $top/stamps.txt
fi
(cd $top && tar cJf all.tar.xz c oaw.txt out_at_wait.csv stamps.txt 2>/dev/null; rm -rf c)
