#!/usr/bin/env bash
# Run 69 call 1: main as run 68 left it (ecdc257; kernels' PTX identical to a7d5df1 by
# tools/same_ptx.sh) on one H200. Run 68's last mends (4a7b202: shx_golden_path, the SiTU
# cap range in the public header, floor.cu's ring size from ring_smem_bytes,
# shx_percent_of_hbm, shx_baseline_algorithms in one call) and the tests run 68 did not
# run again after its call 4 (neighbour, mailbox, leak, pdl_graph, soak, processes,
# group_fused) have not run on a device: every one-GPU test with its whole output, the
# main job, then the benchmark in a fresh process (design dims, --repeat 2: the floor
# kernel is among the mended files).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack_now/*;
#   tar cJf bundle_pack_now/run69_call1.tar.xz bundle
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run69_call1.tar.xz && cat bundle/COMMIT
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
