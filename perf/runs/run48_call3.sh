#!/usr/bin/env bash
# Run 48, call 3 (perf/RESULTS.md), nvidia-h200. Call 2 found that code which never runs
# costs kFusedX time (dpc: 5.1 KB of untaken down-pair code, TP8 B = 9..16 0.42-0.47 us
# slower). nt (r48_notrace, a diagnostic for every instance): the trace stamps compiled
# out (no trace code, no trace-pointer reads; kFusedX 47.5 -> 44.0 KB of SASS, all
# instances 124 KB less) against main (bundle_m, 4e902ee) at both dims. Then kFusedX's
# SASS of main and dpc (r48_dpc) for their layouts.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run48_call3.tar.xz
for b in bundle_m bundle_nt bundle_dpc; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_nt" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,32 \
  timeout 400 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
for b in bundle_m bundle_dpc; do
  fn=$(cuobjdump -sass $b/group_fused_1gpu_test | awk '/Function : .*ModeE2E/{print $3; exit}')
  cuobjdump -sass -fun "$fn" $b/group_fused_1gpu_test > /tmp/sass_fusedx_$b.txt
  echo "$b kFusedX: $(grep -c '/\*[0-9a-f]*\*/' /tmp/sass_fusedx_$b.txt) instructions"
done
tar czf $OUT/sass.tgz -C /tmp sass_fusedx_bundle_m.txt sass_fusedx_bundle_dpc.txt
echo "all done after $SECONDS s"
