#!/usr/bin/env bash
# Run 38, call 8 (perf/RESULTS.md), nvidia-h200: main (bundle_x, 4aea405: main's kernel)
# against bundle_self (branch r38_self_local, 95cdc67: a CTA's parts of its own h columns
# stored into its receive buffer with plain shared stores instead of st.async through
# the cluster window, the received barrier armed for the remote bytes only, a named
# barrier before the reduction; fused and gate kernels). The candidate's 1-GPU tests, the
# A/B twice at both dims, profile_step's exchange row for both, compute-sanitizer on the
# candidate at TP8 B=16 (fused, split). Packed (bundle_pack).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run38_call8.tar.xz && cat bundle_x/COMMIT bundle_self/COMMIT
export NCCL_NVLS_ENABLE=0
MAIN=bundle_x CANDIDATES="bundle_self" BATCHES=9,16,32,48,64,128 \
  DEEPSEEK_BATCHES=9,64 timeout 300 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
cat $OUT/summary.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_x bundle_self; do
  for cell in "16 9" "16 64" "8 9" "8 64"; do
    (cd $b && timeout 60 ./profile_step fused $cell 40 1 trace > $OUT/trace_${b}_${cell/ /_}.txt 2>&1)
    echo "$b $cell: $(grep -E '^exchange' $OUT/trace_${b}_${cell/ /_}.txt)"
  done
done
BUNDLE=bundle_self SANITIZER_SHAPE="8 16" SANITIZED="fused split" SANITIZER_TIMEOUT=60 TESTS=" " \
  timeout 200 tools/gpu_validate.sh $OUT/v > $OUT/v.txt 2>&1
echo "sanitizers exit $?"; grep -E "compute-sanitizer|SUMMARY" $OUT/v.txt
echo "all done after $SECONDS s"
