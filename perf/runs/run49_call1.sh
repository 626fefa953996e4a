#!/usr/bin/env bash
# Run 49, call 1 (perf/RESULTS.md), nvidia-h200. Against main (bundle_m, 66d9618), in
# kFusedX only (TP8 B = 9..16 at the design dims; TP16 is the control):
#   lean (r49_lean): the down jobs in mma_down_lean (running barrier address and
#     descriptor low word, an arrival only where a later fill refills the stage);
#   dh6, dh12 (r49_dh6, r49_dh12; diagnostics, incorrect h, their fused tests fail): the h
#     of the first 6 / all 10 early down stages loaded before the grid barrier, as if
#     those h columns were published earlier: what a down loop that overlaps the chain
#     (h published in two waves) could buy at most.
# Each candidate's 1-GPU tests, the A/B twice, limits at TP8 B = 9, 16; then lean's
# kFusedX SASS (the down loop's instructions a fill).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run49_call1.tar.xz
for b in bundle_m bundle_lean bundle_dh6 bundle_dh12; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_lean bundle_dh6 bundle_dh12" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 480 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
for b in bundle_m bundle_lean; do
  fn=$(cuobjdump -sass $b/group_fused_1gpu_test | awk '/Function : .*ModeE2E/{print $3; exit}')
  cuobjdump -sass -fun "$fn" $b/group_fused_1gpu_test > /tmp/sass_fusedx_$b.txt
  echo "$b kFusedX: $(grep -c '/\*[0-9a-f]*\*/' /tmp/sass_fusedx_$b.txt) instructions"
done
tar czf $OUT/sass.tgz -C /tmp sass_fusedx_bundle_m.txt sass_fusedx_bundle_lean.txt
echo "all done after $SECONDS s"
