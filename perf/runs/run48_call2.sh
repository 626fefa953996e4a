#!/usr/bin/env bash
# Run 48, call 2 (perf/RESULTS.md), nvidia-h200: kFusedX candidates and diagnostics against
# main (bundle_m, 4e902ee); only kFusedX differs (TP8 B = 9..16 at the design dims; TP16
# the control). lpr (r48_lpr): a gate/up CTA's late down blocks asked into L2 by consumer
# thread 0 after its h release (run 41's late_prefetch_after_release, 0.1 us faster at
# TP8 B = 9, 16 then but slower in a cell whose code it only changed; now in kFusedX
# alone). slim (r48_slim, a diagnostic): kFusedX without its fallback gate/up loop (3.2 KB
# less code). dpc (r48_dpc, a diagnostic): call 1's down_pair_barrier code, its pairs
# never taken (5.1 KB more code): is dp's 0.8 us the pairs or the code?
# carry: bundle_pack
date -u
tar xJf bundle_pack/run48_call2.tar.xz
for b in bundle_m bundle_lpr bundle_slim bundle_dpc; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_lpr bundle_slim bundle_dpc" BATCHES=9,12,16 \
  LIMIT_CELLS="8 9;8 16" timeout 500 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
