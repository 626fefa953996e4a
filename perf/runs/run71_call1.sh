#!/usr/bin/env bash
# Run 71 call 1: HEAD's binaries (ef71f68; kernels' PTX identical to a7d5df1, i.e. to
# runs 67-70) through the "Clean" checks, which last ran on the fused kernel in run 64
# call 3 and have not run under racecheck and synccheck since run 67 changed the tail
# kernel (ops/baseline.cu: a flag already set ends it at once; run 67 call 4 ran memcheck
# on watchdog_gpu_test only): the SASS (HGMMA, no LDL/STL), compute-sanitizer synccheck,
# memcheck and racecheck over a graph of two steps (both parities) for fused, split and
# baseline at the design TP8 B=16, fused at TP16 B=16 and fused and split at the DeepSeek
# TP16 B=9; then tools/limits.sh at the design dims' target cells (the phase cut of the
# current kernel at every cell; run 64 call 3 was the last full one).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run53_x2.tar.xz bundle bundle_576
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run53_x2.tar.xz && cat bundle/COMMIT && rm -rf bundle_576
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
timeout 150 tools/limits.sh $OUT/l > $OUT/limits.txt 2>&1
echo "limits exit $? after $SECONDS s" | tee -a $OUT/call.txt
cd $OUT && tar czf sanitizers.tgz v_* l 2>/dev/null; rm -rf v_* l; ls
