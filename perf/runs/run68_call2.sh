#!/usr/bin/env bash
# Run 68 call 2: call 1 found the green-context check's lookup broken ("cuStreamGetCtx_v2"
# finds no entry point: every stream taken for the whole GPU). 2f61afc looks it up as
# "cuStreamGetCtx" and fails closed. green_gpu_test whole; the tests that record fused and
# split steps on ordinary streams (every launch asks the check); the new green_gpu_test
# against run 67's check (bundle_oldgreen: cuStreamGetGreenCtx) at TP16 on 64 SMs and
# TP8 on 96, for the special stream handles.
# Build first (here): tools/bundle.sh bundle; bundle_oldgreen/green_gpu_test from a
#   worktree at 2f61afc with run 67's on_green_context; rm -f bundle_pack_now/*;
#   tar cJf bundle_pack_now/run68_call2.tar.xz bundle bundle_oldgreen
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run68_call2.tar.xz && cat bundle/COMMIT bundle_oldgreen/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for args in "--tp 16 --sms 64" "--tp 8 --sms 96"; do
  timeout 60 bundle_oldgreen/green_gpu_test $args >> $OUT/oldgreen.txt 2>&1
  echo "old green check: green_gpu_test $args exit $? at $SECONDS s" | tee -a $OUT/call.txt
done
grep -E "special|green context of|hang|green_gpu_test" $OUT/oldgreen.txt | tee -a $OUT/call.txt
for binary in green_gpu_test api_test consumer_gpu_test pdl_graph_gpu_test \
    group_fused_1gpu_test group_split_1gpu_test; do
  start=$SECONDS
  echo "=== $binary" >> $OUT/tests_full.txt
  timeout 200 bundle/$binary >> $OUT/tests_full.txt 2>&1; code=$?
  echo "== $binary exit $code ($((SECONDS - start)) s)" | tee -a $OUT/call.txt
done
grep -E "special|hang|partition|refused at create" $OUT/tests_full.txt | head -20 |
  tee -a $OUT/call.txt
