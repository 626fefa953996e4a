#!/usr/bin/env bash
# Run 45, call 7 (perf/RESULTS.md), nvidia-h200: call 6's burst only where it helped:
# be (r45_burst_early: where the grid triggers early and the CTA has more than 16 gate/up
# blocks, the first ring's first stage alone and the rest 512 SM cycles later) against
# main with call 4's kernel (bundle_n). Tests, the A/B twice at both dims.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run45_call7.tar.xz
for b in bundle_n bundle_be; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_n CANDIDATES="bundle_be" BATCHES=1,4,8,9,16,32,48,64,128 \
  DEEPSEEK_BATCHES=1,9,48,64 timeout 400 tools/gpu_candidates.sh \
  $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
echo "all done after $SECONDS s"
