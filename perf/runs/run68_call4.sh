#!/usr/bin/env bash
# Run 68 call 4: the GPU tests a review strengthened (3cbde9c; the library's device path
# as in call 3): api_test, consumer_gpu_test, pdl_graph_gpu_test, mailbox_gpu_test,
# neighbour_gpu_test, leak_gpu_test (12 cycles), and leak_gpu_test with its 8 MB a cycle
# injected (must fail).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack_now/*;
#   tar cJf bundle_pack_now/run68_call4.tar.xz bundle
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run68_call4.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for binary in api_test consumer_gpu_test pdl_graph_gpu_test leak_gpu_test mailbox_gpu_test \
    neighbour_gpu_test; do
  start=$SECONDS
  echo "=== $binary" >> $OUT/tests_full.txt
  timeout 150 bundle/$binary >> $OUT/tests_full.txt 2>&1
  echo "== $binary exit $? ($((SECONDS - start)) s)" | tee -a $OUT/call.txt
done
SHX_LEAK_TEST_INJECT=1 timeout 60 bundle/leak_gpu_test > $OUT/leak_inject.txt 2>&1
echo "leak_gpu_test with SHX_LEAK_TEST_INJECT=1 exit $? (must fail) at $SECONDS s" |
  tee -a $OUT/call.txt
tail -n 3 $OUT/leak_inject.txt | tee -a $OUT/call.txt
grep -E "programmatic_launch|device memory free|source 0|api_test|control|CHECK" \
  $OUT/tests_full.txt | tee -a $OUT/call.txt
