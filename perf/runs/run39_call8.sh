#!/usr/bin/env bash
# Run 39, call 8 (perf/RESULTS.md), nvidia-h200: main after the review's host-code mends
# (bundle_v, 3979618: shx_fused_bucket_plan_make returns the first bucket's plan; the
# .nv_fatbin is call 4's bundle_m): the 1-GPU fused, split and mailbox tests, and the
# bench at B = 1, 8, 9 at both dims (the first bucket on its rule's plan).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run39_call8.tar.xz && cat bundle_v/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_v
for t in group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test; do
  timeout 150 ./$t > $OUT/$t.txt 2>&1; echo "== $t exit $?"; tail -1 $OUT/$t.txt
done
timeout 60 ./bench --batches 1,8,9 --table-only > $OUT/bench.txt 2>&1; echo "bench exit $?"
timeout 60 ./bench --dims deepseek --batches 1,8,9 --table-only > $OUT/bench_ds.txt 2>&1
echo "bench deepseek exit $?"; cat $OUT/bench.txt $OUT/bench_ds.txt
echo "all done after $SECONDS s"
