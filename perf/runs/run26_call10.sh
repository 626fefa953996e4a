#!/usr/bin/env bash
# Run 26, call 10 (perf/RESULTS.md): the exchange through st.async into an mbarrier of
# the owner instead of a barrier.cluster phase (whose arrive.release compiled to
# MEMBAR.ALL.GPU, 7% of the warps' stall samples in call 9). bundle = 034c4d9 + that
# change (full bundle); bundle_head = 034c4d9 (ab bundle). If the candidate's fused test
# passes and it is faster at TP8 B=9, the whole validation session runs on it.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_head/COMMIT
timeout 60 bundle/group_fused_1gpu_test > "$out/fused_quick.log" 2>&1; rc=$?
echo "candidate group_fused_1gpu_test exit $rc"; tail -1 "$out/fused_quick.log"
BATCHES=1,9,16,32,64,128 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_head bundle \
  bundle_head bundle > "$out/ab.txt" 2>&1
grep -E "^==|^  8    9|^ 16    9|^  8   64|^ 16   64" "$out/ab.txt"
head_us=$(awk '/== bundle_head/{h=1} /== bundle /{h=0} h && $1==8 && $2==9 {print $9; exit}' "$out/ab.txt")
cand_us=$(awk '/== bundle \(/{c=1} /== bundle_head/{c=0} c && $1==8 && $2==9 {print $9; exit}' "$out/ab.txt")
echo "TP8 B=9 fused: head $head_us candidate $cand_us"
if [ "$rc" -eq 0 ] && awk -v a="$cand_us" -v b="$head_us" 'BEGIN{exit !(a+0 < b+0)}'; then
  BUDGET=330 SANITIZER_TIMEOUT=130 SANITIZED="fused split" \
    TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
    PARTS="check bench trace validate" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
  grep -vE "^\s+tp [0-9]+ gpus|^  tp" "$out/s/session.txt" | grep -E "^==|^===|exit|passed|failed|HGMMA|LDL|SUMMARY|fused |split |baseline |PDL|B   9|B  64" | head -80
else
  echo "candidate not validated (test failed or not faster)"
fi
tar czf "$out/ab.tgz" -C "$out" ab ab.txt fused_quick.log && rm -rf "$out/ab" "$out/ab.txt" "$out/fused_quick.log"
ls "$out" "$out/s" 2>/dev/null
