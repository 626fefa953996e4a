#!/usr/bin/env bash
# Run 49, call 2 (perf/RESULTS.md), nvidia-h200. Call 1's dh diagnostics (h loaded before
# the grid barrier) made the h release 0.5-1 us longer: the release's gpu-scope fence
# waits for the SM's loads in flight. Against main (bundle_m, 66d9618), in kFusedX only:
#   h4, h10 (r49_h4, r49_h10): a gate/up CTA holds its last 4 / all 10 early down loads
#     (those before the grid barrier) until its consumers' h release is done (thread 0
#     arrives on an unused slot's full barrier after its red.release);
#   leanu (r49_lean_u): call 1's lean down loop with its branch condition broadcast from
#     lane 0 (call 1's SASS: the cursor had left the uniform datapath).
# Each candidate's 1-GPU tests, the A/B twice, limits at TP8 B = 9, 16; leanu's SASS.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run49_call2.tar.xz
for b in bundle_m bundle_h4 bundle_h10 bundle_leanu; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_h4 bundle_h10 bundle_leanu" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 480 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
b=bundle_leanu
fn=$(cuobjdump -sass $b/group_fused_1gpu_test | awk '/Function : .*ModeE2E/{print $3; exit}')
cuobjdump -sass -fun "$fn" $b/group_fused_1gpu_test > /tmp/sass_fusedx_$b.txt
echo "$b kFusedX: $(grep -c '/\*[0-9a-f]*\*/' /tmp/sass_fusedx_$b.txt) instructions"
cuobjdump -sass $b/group_fused_1gpu_test > /tmp/sass_all_$b.txt
tar czf $OUT/sass.tgz -C /tmp sass_fusedx_$b.txt sass_all_$b.txt
echo "all done after $SECONDS s"
