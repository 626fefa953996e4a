#!/usr/bin/env bash
# Run 83 call 3: every batch (bench's list) where call 2's quick tables leave the `auto`
# choice open: the design dims at TP4 twice back to back (--repeat 2: the spread a policy
# row needs), Llama 4 at TP8 (the built-in tp 8 rule at its dims up to B=128),
# Qwen1.5-MoE at TP4 and TP8 (fused slower than the baseline at TP4 B=64 in call 2);
# quick tables at DeepSeek-V2-Lite TP2 and the DeepSeek-V3 dims at TP1.
#                                                                      carry: bundle_dims
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_dims/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
cd bundle_dims
run() { # name, then bench's arguments
  local name=$1; shift
  timeout 200 ./bench "$@" --table-only --csv $OUT/$name.csv > $OUT/$name.txt 2>&1
  echo "$name exit $? at $SECONDS s" | tee -a $OUT/call.txt
}
run design_tp4 --dims 7168,6144,situ --tps 4 --repeat 2
run llama4_tp8 --dims 5120,8192 --tps 8
run qwen15 --dims 2048,5632 --tps 4,8
run lite_tp2 --dims 2048,2816 --tps 2 --quick
run v3_tp1 --dims 7168,2048 --tps 1 --quick
for f in design_tp4 llama4_tp8 qwen15 lite_tp2 v3_tp1; do
  echo "== $f"; grep -E '^ *(tp|1|2|4|8|16) |^dims|runs back to back' $OUT/$f.txt
done > $OUT/tables.txt
tar czf $OUT/runs.tgz -C $OUT $(cd $OUT && ls *.csv *.txt | grep -v -e tables -e call -e head)
rm -f $OUT/*.csv $(ls $OUT/*.txt | grep -v -e tables -e call -e head)
cat $OUT/tables.txt | tee -a $OUT/call.txt
