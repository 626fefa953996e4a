#!/usr/bin/env bash
# Run 68 call 5: the host changes after call 4 (fa279e9): the launchers' shared argument
# checks (check_launch_args), the auto variant returning a failed green-context query's
# error, shx_group_sync reading every op's flag; green_gpu_test's per-thread stream step
# (fused, split, auto) at TP16. Compact, to keep device time for a two-GPU run.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack_now/*;
#   tar cJf bundle_pack_now/run68_call5.tar.xz bundle
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run68_call5.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for run in "api_test" "consumer_gpu_test" "watchdog_gpu_test" "group_split_1gpu_test" \
    "green_gpu_test --tp 16"; do
  start=$SECONDS
  echo "=== $run" >> $OUT/tests_full.txt
  timeout 120 bundle/$run >> $OUT/tests_full.txt 2>&1
  echo "== $run exit $? ($((SECONDS - start)) s)" | tee -a $OUT/call.txt
done
grep -E "per-thread|green_gpu_test:|SHX_DEVICE_TIMEOUT after|watchdog" $OUT/tests_full.txt |
  sort | uniq -c | head -20 | tee -a $OUT/call.txt
