#!/usr/bin/env bash
# Run 26, call 12 (perf/RESULTS.md): h published per 64-column block (flags counted by
# the 2 x cluster CTAs of its two tiles) instead of one grid barrier before the down
# loop; the PDL trigger still waits for the grid count. bundle = 342dd28 + that change
# (full bundle); bundle_head = 342dd28 (ab bundle). If the candidate's fused test passes
# and it is faster at TP8 B=9 by more than 0.05 us, the validation session runs on it.
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_head/COMMIT
timeout 60 bundle/group_fused_1gpu_test > "$out/fused_quick.log" 2>&1; rc=$?
echo "candidate group_fused_1gpu_test exit $rc"; tail -1 "$out/fused_quick.log"
if [ "$rc" -eq 0 ]; then
  BATCHES=9,16,64 BENCH_TIMEOUT=60 tools/gpu_ab.sh "$out/ab" bundle_head bundle \
    bundle_head bundle > "$out/ab.txt" 2>&1
  grep -E "^==|^  8    9|^ 16    9|^  8   16|^ 16   16|^  8   64|^ 16   64" "$out/ab.txt"
  head_us=$(awk '/== bundle_head/{h=1} /== bundle /{h=0} h && $1==8 && $2==9 {print $9; exit}' "$out/ab.txt")
  cand_us=$(awk '/== bundle \(/{c=1} /== bundle_head/{c=0} c && $1==8 && $2==9 {print $9; exit}' "$out/ab.txt")
  echo "TP8 B=9 fused: head $head_us candidate $cand_us"
fi
if [ "$rc" -eq 0 ] && awk -v a="$cand_us" -v b="$head_us" 'BEGIN{exit !(a+0 < b-0.05)}'; then
  BUDGET=130 SANITIZER_TIMEOUT=60 SANITIZED="fused split" \
    TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test" \
    PARTS="check validate bench" BENCH_ARGS="--repeat 2" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
  grep -vE "^\s+tp [0-9]+ gpus|^  tp" "$out/s/session.txt" | grep -E "^==|^===|exit|passed|failed|HGMMA|LDL|SUMMARY|fused |split |baseline |PDL|B   9|B  64" | head -80
else
  echo "candidate not validated (test failed or not faster)"
fi
tar czf "$out/ab.tgz" -C "$out" $(cd "$out" && ls -d ab ab.txt fused_quick.log 2>/dev/null) && rm -rf "$out/ab" "$out/ab.txt" "$out/fused_quick.log"
ls "$out" "$out/s" 2>/dev/null
