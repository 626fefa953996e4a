#!/usr/bin/env bash
# Run 38, call 1 (perf/RESULTS.md), nvidia-h200: main (bundle_main, dbf1997) against
# bundle_lateh (branch r38_lateh_n40: at N >= 40 the early trigger after the CTA's h
# stores instead of after its gate/up MMAs; the grid barrier grew there in run 37). The
# candidate's 1-GPU tests, the A/B twice at both dims, limits at TP16 B = 48, 64; then
# main's own 1-GPU tests, whose batch lists gained B=72 (design) and B = 37, 90, 100
# (DeepSeek) and fused = split at B=32 after run 37's last device call. Packed
# (bundle_pack). Output to files first, no pipe that may close early.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run38_call1.tar.xz && cat bundle_main/COMMIT bundle_lateh/COMMIT
export NCCL_NVLS_ENABLE=0
MAIN=bundle_main CANDIDATES="bundle_lateh" BATCHES=9,40,48,56,64 \
  DEEPSEEK_BATCHES=40,48,64 LIMIT_CELLS="16 48;16 64" LIMITS_TIMEOUT=60 \
  timeout 330 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
cat $OUT/summary.txt
BUNDLE=bundle_main MAIN= TAIL=2 TESTS="group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  timeout 150 tools/gpu_check.sh $OUT/check_main > $OUT/check_main.txt 2>&1
echo "main tests exit $? after $SECONDS s"
grep -E "^==|exit|passed|failed|FAIL|HGMMA|LDL" $OUT/check_main.txt
echo "all done after $SECONDS s"
