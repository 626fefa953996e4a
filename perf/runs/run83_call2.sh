#!/usr/bin/env bash
# Run 83 call 2: perf/bench at dims and tps other than the design TP8/TP16 (bench --dims
# H,I_TOTAL --tps): the design dims at TP4 over every batch (a built-in policy row for tp 4
# needs them), and quick tables (B = 9, 64) at other models' shared experts: Llama 4,
# DeepSeek-V2, GLM-4.5 at TP8 (and DeepSeek-V2 at TP16), Qwen1.5-MoE at TP4.
#                                                                      carry: bundle_dims
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_dims/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
cd bundle_dims
timeout 240 ./bench --dims 7168,6144,situ --tps 4 --table-only --csv $OUT/design_tp4.csv \
  > $OUT/design_tp4.txt 2>&1
echo "design tp4 exit $? at $SECONDS s" | tee -a $OUT/call.txt
for spec in "5120,8192 8 llama4" "5120,3072 8,16 deepseek_v2" "5120,1536 8 glm45" \
            "2048,5632 4 qwen15"; do
  set -- $spec
  timeout 150 ./bench --dims $1 --tps $2 --quick --table-only --csv $OUT/q_$3.csv \
    > $OUT/q_$3.txt 2>&1
  echo "$3 exit $? at $SECONDS s" | tee -a $OUT/call.txt
done
cat $OUT/q_*.txt > $OUT/quick.txt && tar czf $OUT/quick_csv.tgz -C $OUT $(cd $OUT && ls q_*.csv)
rm -f $OUT/q_*
tail -30 $OUT/design_tp4.txt | tee -a $OUT/call.txt
grep -E '^ *(4|8|16) ' $OUT/quick.txt | tee -a $OUT/call.txt
