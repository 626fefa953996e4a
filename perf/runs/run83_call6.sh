#!/usr/bin/env bash
# Run 83 call 6: compute-sanitizer on the geometries that only other models' dims reach
# (dims_gpu_test's shapes; profile_step with SHX_DIMS, tools/gpu_validate.sh's form: one
# replay of a 2-step graph, both parities): racecheck and synccheck on the fused and split
# variants at H 3584, I_total 512, TP8 (clusters of 16, 56 K blocks split unevenly) and at
# H 2944, I_total 2048, TP2 (clusters of 4, 46 K blocks); memcheck at those and at the
# DeepSeek-V3 dims on one rank (TP1). B=16.                            carry: bundle_dims
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_dims/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
cd bundle_dims
check() { # tool, dims, tp, variant
  local watchdog_ms=1000 extra=""
  [ "$1" != memcheck ] && watchdog_ms=5000
  [ "$1" = synccheck ] && extra="--num-cuda-barriers 1024"
  SHX_DIMS=$2 SHX_REPLAYS=1 SHX_WATCHDOG_MS=$watchdog_ms timeout 150 \
    compute-sanitizer --tool $1 $extra --error-exitcode 9 --print-limit 20 \
    ./profile_step $4 $3 16 2 > $OUT/log.txt 2>&1
  local rc=$?
  echo "$1 $2 tp $3 $4: exit $rc at $SECONDS s; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' \
    $OUT/log.txt | tr '\n' ' ') $(grep -c -E 'TIMEOUT|timed out' $OUT/log.txt) timeouts" |
    tee -a $OUT/call.txt
  [ $rc -ne 0 ] && cp $OUT/log.txt $OUT/fail_$1_$3_$4.txt
}
for tool in racecheck synccheck memcheck; do
  for variant in fused split; do
    check $tool 3584,512,situ 8 $variant
    check $tool 2944,2048,situ 2 $variant
  done
done
check memcheck 7168,2048 1 fused
check memcheck 7168,2048 1 split
rm -f $OUT/log.txt
