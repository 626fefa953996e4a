#!/usr/bin/env bash
# Run 72 call 1: main at 42e1ebb on one H200, from the two-GPU pack itself
# (bundle_pack/run53_x2.tar.xz, rebuilt at 42e1ebb): every one-GPU test with its whole
# output, then the main job. 42e1ebb changes host code only (kernels' PTX identical to
# a7d5df1, tools/same_ptx.sh): two reviews' fixes. The GPU tests that cover them:
# api_test (shx_tail refuses a batch other than the last push's at its parity; a valid
# tail re-arms exactly its rows), group_*_1gpu_test (the group refuses batches outside
# [1, capacity]; a refused capture keeps its graphs), and every test that re-arms through
# shx_group_rearm or records tails (watchdog, mailbox, neighbour, soak, pdl_graph,
# processes). No benchmark: no kernel changed since runs 69-71.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run53_x2.tar.xz bundle bundle_576
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run53_x2.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
passed=0 failed=0 skipped=0
for binary in bundle/*gpu_test bundle/api_test; do
  start=$SECONDS
  echo "=== $binary" >> $OUT/tests_full.txt
  timeout 200 "$binary" >> $OUT/tests_full.txt 2>&1; code=$?
  case $code in 0) passed=$((passed + 1)); s=PASSED ;; 77) skipped=$((skipped + 1)); s=SKIPPED ;;
    *) failed=$((failed + 1)); s="FAILED ($code)" ;; esac
  echo "== $s $binary ($((SECONDS - start)) s)" | tee -a $OUT/call.txt
done
echo "$passed passed, $failed failed, $skipped skipped (at $SECONDS s)" | tee -a $OUT/call.txt
grep -o "rel L2 [0-9.e+-]*" $OUT/tests_full.txt | sort -k3 -g | tail -3 | tee -a $OUT/call.txt
grep -c "rel L2 " $OUT/tests_full.txt | tee -a $OUT/call.txt
grep -E "SKIPPED" $OUT/tests_full.txt | sort | uniq -c | tee -a $OUT/call.txt
grep -E "api_test|CHECK failed|differs" $OUT/tests_full.txt | head -20 | tee -a $OUT/call.txt
(cd bundle && timeout 150 ./decode_step ../testdata/golden) > $OUT/decode_step.txt 2>&1
echo "decode_step exit $? at $SECONDS s" | tee -a $OUT/call.txt
tail -16 $OUT/decode_step.txt | tee -a $OUT/call.txt
cd $OUT && gzip tests_full.txt
ls $OUT
