#!/usr/bin/env bash
# Run 41, call 18 (perf/RESULTS.md), nvidia-h200: main (bundle_m) against bundle_lp
# (r41_lp `744e34a`, docs/experiments/late_prefetch_after_release.patch: in a gate/up CTA
# the late down blocks' L2 prefetch is asked by consumer thread 0 right after its h
# release, not by the producer at the end of the gate/up stream; call 17: the release
# waits for the CTA's prefetches in flight too). Tests, A/B, limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call18.tar.xz && cat bundle_m/COMMIT bundle_lp/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_lp" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="8 9;8 32" \
  timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
