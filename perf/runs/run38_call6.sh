#!/usr/bin/env bash
# Run 38, call 6 (perf/RESULTS.md), nvidia-h200: the exchange as bulk copies. main
# (bundle_x, 4aea405: main's kernel) against bundle_bulk (branch r38_bulk_exch,
# 2b593f5: each CTA writes its partials into its own shared memory in the owners'
# layout, then one cp.async.bulk shared::cluster a chunk into each owner's receive
# buffer; the split variant's gate kernel keeps st.async). The candidate's 1-GPU tests
# (fused = split bitwise, 100-replay determinism), compute-sanitizer on it at TP16 B=64
# and TP8 B=16 (fused), the A/B twice at both dims, and profile_step's exchange row for
# both. Packed (bundle_pack).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run38_call6.tar.xz && cat bundle_x/COMMIT bundle_bulk/COMMIT
export NCCL_NVLS_ENABLE=0
MAIN=bundle_x CANDIDATES="bundle_bulk" BATCHES=9,16,32,48,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="16 9;16 64;8 64" LIMITS_TIMEOUT=60 \
  timeout 300 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
cat $OUT/summary.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_x bundle_bulk; do
  for cell in "16 9" "16 64" "8 64" "16 128"; do
    (cd $b && timeout 60 ./profile_step fused $cell 40 1 trace > $OUT/trace_${b}_${cell/ /_}.txt 2>&1)
    echo "$b $cell: $(grep -E '^exchange' $OUT/trace_${b}_${cell/ /_}.txt)"
  done
done
for shape in "16 64" "8 16"; do
  BUNDLE=bundle_bulk SANITIZER_SHAPE="$shape" SANITIZED="fused" SANITIZER_TIMEOUT=60 TESTS=" " \
    timeout 150 tools/gpu_validate.sh $OUT/v_${shape/ /_} > $OUT/v_${shape/ /_}.txt 2>&1
  echo "sanitizers $shape exit $?"; grep -E "compute-sanitizer|SUMMARY" $OUT/v_${shape/ /_}.txt
done
echo "all done after $SECONDS s"
