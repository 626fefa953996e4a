#!/usr/bin/env bash
# Run 83 call 8: dims_gpu_test after its main became run_shape (every shape again), then
# its new command-line form at three dims of no listed model: H 3072, I_total 1536, TP8
# (6 tiles, clusters of 8 over 48 K blocks); H 6144, I_total 16384, TP16 (32 tiles, 96 K
# blocks); H 4096, I_total 24576, TP8 (96 tiles: no fused geometry).  carry: bundle_dims
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_dims/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
timeout 300 bundle_dims/dims_gpu_test > $OUT/dims.txt 2>&1
echo "dims_gpu_test exit $? at $SECONDS s: $(tail -1 $OUT/dims.txt)" | tee -a $OUT/call.txt
for dims in "3072,1536 8" "6144,16384 16" "4096,24576 8"; do
  name=custom_${dims// /_}
  timeout 200 bundle_dims/dims_gpu_test $dims > $OUT/${name//,/_}.txt 2>&1
  echo "dims_gpu_test $dims exit $? at $SECONDS s" | tee -a $OUT/call.txt
  grep -E 'refused|plan: n 16|B 128|passed' $OUT/${name//,/_}.txt | head -12 | tee -a $OUT/call.txt
done
