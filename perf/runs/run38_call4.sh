#!/usr/bin/env bash
# Run 38, call 4 (perf/RESULTS.md), nvidia-h200-x2: the tests on two GPUs (cross-GPU peer
# stores) of main's kernel (full bundle of b371874, whose .nv_fatbin is c1d6dc2's,
# validated on one GPU in call 3), bench --quick with the TP2 NCCL comparison, and the
# A/B at the DeepSeek dims of main against bundle_exall (branch r38_exch_all, 58230f2:
# the trigger after the exchange at n >= 40 at every dims, no weight threshold).
# Packed (bundle_pack). Output to files first.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run38_call4.tar.xz && cat bundle/COMMIT bundle_exall/COMMIT
source tools/gpu_env.sh $OUT/t
nvidia-smi -L
TAIL=3 run_bundle_tests group_baseline_2gpu_test group_fused_2gpu_test group_split_2gpu_test \
  mailbox_gpu_test > $OUT/tests.txt 2>&1
cat $OUT/tests.txt
echo "tests done after $SECONDS s"
(cd bundle && timeout 90 ./bench --quick > $OUT/bench_quick.txt 2>&1); echo "bench exit $?"
cat $OUT/bench_quick.txt
BENCH_ARGS="--dims deepseek" BATCHES=40,48,56,64 timeout 120 tools/gpu_ab.sh $OUT/abds \
  bundle bundle_exall bundle bundle_exall > $OUT/abds.txt 2>&1
cat $OUT/abds.txt
echo "all done after $SECONDS s"
