#!/usr/bin/env bash
# Run 86 call 2: the "Clean" checks on main's bundle after run 86's tail change (fff8c7b
# + docs; ops/baseline.cu's tail writes NaN where it gave up; the fused kernel's PTX as
# at a7d5df1): the SASS (HGMMA, no LDL/STL), compute-sanitizer synccheck, memcheck and
# racecheck over a graph of two steps (both parities) for fused, split and baseline at
# the design TP8 B=16, fused at TP16 B=16, fused and split at the DeepSeek TP16 B=9 (as
# run 71 call 1), then memcheck over watchdog_gpu_test, whose tails give up and write NaN.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run86.tar.xz bundle                       carry: bundle_pack
{
date -u
tar xJf bundle_pack/run86.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{
cuobjdump --dump-sass bundle/group_fused_1gpu_test > sass.txt 2>&1
echo "HGMMA in group_fused_1gpu_test: $(grep -c HGMMA sass.txt)"
echo "LDL/STL in group_fused_1gpu_test: $(grep -cE '\b(LDL|STL)\b' sass.txt)"
rm -f sass.txt
} 2>&1 | tee -a $OUT/call.txt
for case in "design 8 16 fused split baseline" "design 16 16 fused" \
  "deepseek 16 9 fused split"; do
  read -r dims tp batch variants <<< "$case"
  echo "== sanitizers, $dims dims, tp/B $tp $batch" | tee -a $OUT/call.txt
  SHX_DIMS=$dims SANITIZER_SHAPE="$tp $batch" SANITIZED="$variants" SANITIZER_TIMEOUT=60 \
    TESTS=" " timeout 200 tools/gpu_validate.sh $OUT/v_${dims}_${tp}_$batch 2>&1 |
    grep -vE "^== (mailbox|group)" | tee -a $OUT/call.txt
done
echo "sanitizers done after $SECONDS s" | tee -a $OUT/call.txt
(cd bundle && SHX_WATCHDOG_MS=1000 timeout 300 compute-sanitizer --tool memcheck \
  --error-exitcode 9 --print-limit 20 ./watchdog_gpu_test) > $OUT/v_watchdog_memcheck.log 2>&1
echo "watchdog_gpu_test under memcheck: exit $? after $SECONDS s" | tee -a $OUT/call.txt
grep -E "ERROR SUMMARY|not NaN|watchdog:" $OUT/v_watchdog_memcheck.log | tee -a $OUT/call.txt
cd $OUT && tar czf sanitizers.tgz v_* 2>/dev/null; rm -rf v_*; ls
