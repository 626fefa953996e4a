#!/usr/bin/env bash
# Run 45, call 3 (perf/RESULTS.md), nvidia-h200: p32 (r45_pairs32: call 1's paired
# gate/up fills only at N = 32, where calls 1 and 2 measured them faster) and p32n
# (r45_pairs32_nodown: the same without reading the CTA's down work before its first
# ring, the suspected delay of call 1's ring) against main (bundle_m). Tests, the A/B
# twice at both dims, limits at TP16 B=32.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run45_call3.tar.xz
for b in bundle_m bundle_p32 bundle_p32n; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_p32 bundle_p32n" BATCHES=9,16,25,32,64 \
  DEEPSEEK_BATCHES=9,32 LIMIT_CELLS="16 32" timeout 500 tools/gpu_candidates.sh \
  $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
