#!/usr/bin/env bash
# Run 45, call 6 (perf/RESULTS.md), nvidia-h200: at TP8 (more than 16 gate/up blocks a
# CTA, HBM-bound) the first ring in a burst: b1 (r45_first_burst: the first stage alone,
# the other stages 250 ns later) and b2 (the first two stages alone, the rest 500 ns
# later), so that HBM serves every CTA's first fills before the rest of the ring, the
# consumers start earlier after the wait and the refills follow the ring without a gap;
# against main with call 4's kernel (bundle_n). Tests, the A/B twice at both dims, limits
# at TP8 B = 9, 32.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run45_call6.tar.xz
for b in bundle_n bundle_b1 bundle_b2; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_n CANDIDATES="bundle_b1 bundle_b2" BATCHES=1,9,16,32,64,128 \
  DEEPSEEK_BATCHES=9,64 LIMIT_CELLS="8 9;8 32" timeout 500 tools/gpu_candidates.sh \
  $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
