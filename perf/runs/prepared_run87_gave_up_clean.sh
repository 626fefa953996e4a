#!/usr/bin/env bash
# Prepared in stop 72: the "Clean" checks on the GAVE UP candidate (branch r87_nan), to
# run after prepared_run87_gave_up.sh kept it and before merging it: compute-sanitizer
# synccheck, memcheck and racecheck over a graph of two steps (both parities) for fused
# and split at the design TP8 B=16, fused at TP16 B=16, fused and split at the DeepSeek
# TP16 B=9 (run 71 call 1's shapes and run 86 call 2's form).
# Build first: as prepared_run87_gave_up.sh (its pack holds bundle_nan).  carry: bundle_pack
{
date -u
tar xJf bundle_pack/run87_nan.tar.xz && cat bundle_nan/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
for case in "design 8 16 fused split" "design 16 16 fused" "deepseek 16 9 fused split"; do
  read -r dims tp batch variants <<< "$case"
  echo "== sanitizers on the candidate, $dims dims, tp/B $tp $batch" | tee -a $OUT/call.txt
  BUNDLE=bundle_nan SHX_DIMS=$dims SANITIZER_SHAPE="$tp $batch" SANITIZED="$variants" \
    SANITIZER_TIMEOUT=60 TESTS=" " timeout 200 tools/gpu_validate.sh \
    $OUT/v_${dims}_${tp}_$batch 2>&1 | grep -vE "^== (mailbox|group)" | tee -a $OUT/call.txt
done
echo "done after $SECONDS s" | tee -a $OUT/call.txt
cd $OUT && tar czf sanitizers.tgz v_* 2>/dev/null; rm -rf v_*; ls
