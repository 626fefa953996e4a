#!/usr/bin/env bash
# Run 48, call 6 (perf/RESULTS.md), nvidia-h200, against main (bundle_m, 4e902ee): ud
# (r48_ud: run 43's uniform_down in kFusedX only, the ring cursor re-read as warp-uniform
# values before the down jobs; its TP16 down loop was 0.12 us shorter in run 43, the step
# not faster there, and TP8's late-trigger step has the down loop on its path) and nt
# again (r48_notrace, calls 3-4) over the whole table, to tell its B=32 loss from noise.
# Limits of main and ud at TP8 B = 9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run48_call6.tar.xz
for b in bundle_m bundle_ud bundle_nt; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_m CANDIDATES="bundle_ud bundle_nt" BATCHES=1,9,16,24,32,48,64,128 \
  DEEPSEEK_BATCHES=9,32,64 timeout 450 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
for b in bundle_m bundle_ud; do
  echo "== limits $b"
  BUNDLE=$b CELLS="8 9;8 16" timeout 60 tools/limits.sh /tmp/l_$b | grep "^| 8 " | tee -a $OUT/limits.txt
done
echo "all done after $SECONDS s"
