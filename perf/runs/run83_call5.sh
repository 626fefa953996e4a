#!/usr/bin/env bash
# Run 83 call 5: where the fused step's time goes at H 2048 (Qwen1.5-MoE's shared expert,
# TP4: fused slower than the baseline at B = 64, 128 in call 3), against the design TP4 at
# the same batches: tools/limits.sh with SHX_DIMS (profile_step of this commit); then bench's
# --dims after its parser moved to perf/timing.c (Llama 4 TP8 B=9, as in call 3).
#                                                                      carry: bundle_dims
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_dims/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
export BUNDLE=bundle_dims
SHX_DIMS=2048,5632 CELLS="4 9;4 64;4 128" timeout 200 tools/limits.sh $OUT/x \
  > $OUT/limits_qwen15.txt 2>&1
echo "limits qwen15 exit $? at $SECONDS s" | tee -a $OUT/call.txt
SHX_DIMS=design CELLS="4 9;4 64;4 128" timeout 200 tools/limits.sh $OUT/x \
  > $OUT/limits_design_tp4.txt 2>&1
echo "limits design tp4 exit $? at $SECONDS s" | tee -a $OUT/call.txt
rm -rf $OUT/x
(cd bundle_dims && timeout 100 ./bench --dims 5120,8192 --tps 8 --batches 9 --table-only \
  --csv $OUT/llama4_b9.csv > $OUT/llama4_b9.txt 2>&1)
echo "bench llama4 exit $? at $SECONDS s" | tee -a $OUT/call.txt
cat $OUT/limits_qwen15.txt $OUT/limits_design_tp4.txt | tee -a $OUT/call.txt
grep -E '^ *8 ' $OUT/llama4_b9.txt | tee -a $OUT/call.txt
