#!/usr/bin/env bash
# Run 70 call 1: main at e2e28c3 (kernels' PTX identical to a7d5df1, run 69 call 1's
# ecdc257 but for the host-side SHX_LAST_ERROR_BYTES constant) on one H200, from the
# two-GPU pack itself (bundle_pack/run53_x2.tar.xz, rebuilt this session), so that the
# pack's one-GPU half is known good before a two-GPU machine takes it: every one-GPU test
# with its whole output, the main job, then the benchmark in a fresh process (--repeat 2).
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
(cd bundle && timeout 150 ./decode_step ../testdata/golden) > $OUT/decode_step.txt 2>&1
echo "decode_step exit $? at $SECONDS s" | tee -a $OUT/call.txt
tail -16 $OUT/decode_step.txt | tee -a $OUT/call.txt
(cd bundle && timeout 200 ./bench --repeat 2 --csv $OUT/bench.csv --policy $OUT/policy.txt) \
  > $OUT/bench.txt 2> /dev/null
echo "bench exit $? after $SECONDS s" | tee -a $OUT/call.txt
cd $OUT && gzip tests_full.txt && rm -f policy.txt
ls $OUT
