#!/usr/bin/env bash
# Run 49, call 3 (perf/RESULTS.md), nvidia-h200. At TP8 the HBM idles while the
# predecessor's down loop runs, once this grid's first ring has landed, until its
# refills go out after the wait and x. Against main (bundle_m, 66d9618), in kFusedX only:
# the first R gate/up refills asked into L2 D SM cycles after the first ring is issued,
# before the dependency wait (run 30 had R = 4, 8 at once 0.35-1.1 us slower, before the
# L2 evict_first policy of the weights, run 32):
#   rp2k8 (r49_rp2k8): D = 2000, R = 8; rp2k18 (r49_rp2k18): D = 2000, every refill (18);
#   rp0k8 (r49_rp0k8): D = 0, R = 8.
# Each candidate's 1-GPU tests, the A/B twice, limits at TP8 B = 9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run49_call3.tar.xz
for b in bundle_m bundle_rp2k8 bundle_rp2k18 bundle_rp0k8; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_rp2k8 bundle_rp2k18 bundle_rp0k8" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 480 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
