#!/usr/bin/env bash
# Run 39, call 2 (perf/RESULTS.md), nvidia-h200: main (bundle_x) against bundle_skip
# (r39_skip_release: only fills whose stage is filled again are released; the
# wait_group stays) and bundle_defer (r39_defer: also the gate/up fills whose stage gets
# down weights released at the loop's end): their 1-GPU tests, the A/B twice at both
# dims, limits at four cells, compute-sanitizer on bundle_defer at TP8 B=16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run39_call2.tar.xz && cat bundle_x/COMMIT bundle_skip/COMMIT bundle_defer/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_x CANDIDATES="bundle_skip bundle_defer" BATCHES=9,16,32,48,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="16 9;8 9;16 64;8 64" \
  timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
cat $OUT/summary.txt
BUNDLE=bundle_defer SANITIZER_SHAPE="8 16" SANITIZED="fused split" SANITIZER_TIMEOUT=60 TESTS=" " \
  timeout 150 tools/gpu_validate.sh $OUT/v > $OUT/v.txt 2>&1
echo "sanitizers exit $?"; grep -E "compute-sanitizer|SUMMARY" $OUT/v.txt
echo "all done after $SECONDS s"
