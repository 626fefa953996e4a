#!/usr/bin/env bash
# Run 68 call 1: a review's host-side fixes, kernels' PTX unchanged (tools/same_ptx.sh):
# the green-context check through cuStreamGetCtx_v2 (special stream handles), the GPU
# results held to SHX_REF_REL_L2_MAX = 2e-3 (SPEC's ceiling 5e-3), decode_step checking
# its reference against the golden files, the two-GPU tests' peer-access skip. Every
# one-GPU test with its whole output (for the largest rel L2 seen); the main job; the new
# green_gpu_test built against run 67's green check (bundle_oldgreen: cuStreamGetGreenCtx
# on the special handles) at TP16 on 64 SMs.
# Build first (here): tools/bundle.sh bundle; bundle_oldgreen/green_gpu_test from a
#   worktree at 1462a97 with run 67's on_green_context; rm -f bundle_pack_now/*;
#   tar cJf bundle_pack_now/run68_call1.tar.xz bundle bundle_oldgreen
# carry: bundle_pack_now
{
date -u
tar xJf bundle_pack_now/run68_call1.tar.xz && cat bundle/COMMIT bundle_oldgreen/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 60 bundle_oldgreen/green_gpu_test --tp 16 --sms 64 > $OUT/oldgreen.txt 2>&1
echo "old green check: green_gpu_test --tp 16 --sms 64 exit $? after $SECONDS s" |
  tee -a $OUT/call.txt
grep -E "special|green context of|refused|FAIL|passed|failed" $OUT/oldgreen.txt | head -20 |
  tee -a $OUT/call.txt
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
