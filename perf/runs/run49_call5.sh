#!/usr/bin/env bash
# Run 49, call 5 (perf/RESULTS.md), nvidia-h200. Calls 1-2's lean down loop sat beside
# mma_blocks behind a branch that ptxas did not take for uniform, and its cursor left the
# uniform datapath. Against main (bundle_m, 66d9618), in kFusedX only:
#   la (r49_lean_all): kFusedX's down jobs always in mma_down_lean (no branch; slots wrap
#     with their phase), an arrival only where a later fill refills the stage;
#   laa (r49_lean_all_arrive): the same with every fill's arrival.
# First the SASS of kFusedX (main, la), then each candidate's 1-GPU tests, the A/B twice,
# limits at TP8 B = 9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run49_call5.tar.xz
for b in bundle_m bundle_la bundle_laa; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle_m bundle_la bundle_laa; do
  cuobjdump -sass $b/group_fused_1gpu_test |
    awk '/Function : /{p = /ModeE2E/} p' > /tmp/sass_fusedx_$b.txt
  echo "$b kFusedX: $(grep -c '/\*[0-9a-f]*\*/' /tmp/sass_fusedx_$b.txt) instructions"
done
tar czf $OUT/sass.tgz -C /tmp sass_fusedx_bundle_m.txt sass_fusedx_bundle_la.txt \
  sass_fusedx_bundle_laa.txt
MAIN=bundle_m CANDIDATES="bundle_la bundle_laa" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
