#!/usr/bin/env bash
# Run 41, call 15 (perf/RESULTS.md), nvidia-h200: main (bundle_m, 974d6e0's kernel)
# against holding the producer's last early down loads until the CTA has released h
# (call 14: the release's MEMBAR.ALL.GPU waits for every TMA load its CTA has in flight):
# bundle_h3 (r41_held `078d44b`: the early down fills whose stage one of the last 3
# gate/up fills frees) and bundle_h6 (r41_held6 `0afba54`: the last 6). Tests, A/B,
# limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call15.tar.xz && cat bundle_m/COMMIT bundle_h3/COMMIT bundle_h6/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_h3 bundle_h6" BATCHES=9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="8 9;16 32;8 64" \
  timeout 460 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
