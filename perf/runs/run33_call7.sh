#!/usr/bin/env bash
# Run 33, call 7 (perf/RESULTS.md), nvidia-h200: the 1-GPU tests of main (full bundle,
# 10de0c4: the plan's fallback when a device refuses clusters of 16; host code only,
# .nv_fatbin identical to 0004b45), and two candidates for the cluster-16 instances at
# N = 128: n128 (4814590: two CTAs per SM, 3 ring stages, 44 bytes of spills) and n128t
# (1cd5f80: with the early trigger up to N = 128), their tests and the A/B twice.
# carry: bundle bundle_n128 bundle_n128t
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT bundle_n128/COMMIT bundle_n128t/COMMIT
BUNDLE=bundle TAIL=2 TESTS="api_test group_baseline_1gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test" \
  tools/gpu_check.sh "$out/check_main" 2>&1 | grep -E "^==|exit|passed|failed|HGMMA|LDL"
echo "main checked after $SECONDS s"
MAIN=bundle CANDIDATES="bundle_n128 bundle_n128t" BATCHES=9,128 DEEPSEEK_BATCHES=9,64,96,128 \
  timeout 300 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
grep -E "^==|exit|passed|failed|rror" $OUT/candidates.txt | head -20
(cd "$out" && tar czf check_main.tgz check_main && rm -rf check_main)
echo "all done after $SECONDS s"
