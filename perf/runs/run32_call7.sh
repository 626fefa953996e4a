#!/usr/bin/env bash
# Run 32, call 7 (perf/RESULTS.md), nvidia-h200-x2: the shipped kernel (full bundle,
# 15c5303) on two GPUs: the 2-GPU group tests (cross-GPU peer stores; fused, split,
# baseline), the mailbox test, and `bench --quick` with its NCCL comparison (TP2).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT; nvidia-smi -L
BUDGET=300 TESTS="group_fused_2gpu_test group_split_2gpu_test group_baseline_2gpu_test mailbox_gpu_test" \
  PARTS="check" tools/gpu_session.sh "$out/s" > /dev/null 2>&1
grep -E "^==|^===|exit|passed|failed|skipped|HGMMA|LDL|rror" "$out/s/session.txt" | head -40
tar xzf "$out/s/logs.tar.gz" -C "$out/s" && grep -h "gpus 2" "$out"/s/logs/group_*_2gpu_test.log | head -40
(cd bundle && timeout 150 ./bench --quick > "$out/quick.txt" 2>&1; echo "bench --quick exit $?")
cat "$out/quick.txt" | tail -30
(cd "$out" && tar czf all.tgz s quick.txt && rm -rf s)
echo "all done after $SECONDS s"
