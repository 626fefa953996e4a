#!/usr/bin/env bash
# Run 39, call 4 (perf/RESULTS.md), nvidia-h200: main (bundle_m: with the guard helper)
# against bundle_spinc (r39_testspin: the consumers' ring and exchange waits spin on the
# non-blocking test_wait instead of try_wait, which may suspend the thread; call 3's
# suspend hints woke later than polling) and bundle_spina (r39_testspin_all: every wait,
# the producer's too): their 1-GPU tests, the A/B twice at both dims, limits at two cells.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run39_call4.tar.xz
for b in bundle_m bundle_spinc bundle_spina; do echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_spinc bundle_spina" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="16 9;8 9" \
  timeout 500 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
echo "all done after $SECONDS s"
