#!/usr/bin/env bash
# Run 31, call 4 (perf/RESULTS.md), nvidia-h200: what the owners' phase spends,
# diagnostics on bundle_diag (022bbab): without the activation
# (owner_no_activation.patch), h stored to shared memory instead of global
# (owner_smem_store.patch), without the loads of the parts (owner_no_loads.patch).
# carry: bundle_diag bundle_dnoact bundle_dsmemst bundle_dnoload (tools/bundle.sh NAME ab at the commits named)
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib
for b in bundle_diag bundle_dnoact bundle_dsmemst bundle_dnoload; do for s in "8 9" "8 128" "16 9" "16 64"; do echo "== $b $s"; (cd $b && timeout 60 ./profile_step fused $s 40 1 trace 2>&1 | grep -E "per step|partials|thread 0 reduced|breakdown"); done; done
