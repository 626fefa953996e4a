#!/usr/bin/env bash
# Run 83 call 11: after the last read's tidy (the replays' check shared in graphs/testbed.c,
# bench's dims from shx_set_dims for every kind): the three one-GPU group tests and
# dims_gpu_test, then bench at the design and the DeepSeek dims, TP8 B=9 (the same cells
# as before the change).                                              carry: bundle_dims
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_dims/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
cd bundle_dims
for t in group_fused_1gpu_test group_split_1gpu_test group_baseline_1gpu_test dims_gpu_test; do
  timeout 200 ./$t > $OUT/$t.txt 2>&1
  echo "$t exit $? at $SECONDS s: $(tail -1 $OUT/$t.txt); $(grep -c 'rel L2' $OUT/$t.txt) \
errors printed, largest $(grep -o 'rel L2 [0-9.e+-]*' $OUT/$t.txt | sort -k3 -g | tail -1)" |
    tee -a $OUT/call.txt
done
for dims in design deepseek; do
  timeout 100 ./bench --dims $dims --tps 8 --batches 9 --table-only --csv $OUT/b.csv \
    > $OUT/bench_$dims.txt 2>&1
  echo "bench $dims exit $? at $SECONDS s: $(grep -E '^ *8 ' $OUT/bench_$dims.txt)" |
    tee -a $OUT/call.txt
done
rm -f $OUT/b.csv
