#!/usr/bin/env bash
# Run 47, call 1 (perf/RESULTS.md), nvidia-h200: run 46's prepared FED X against main
# (bundle_n, 9a69fd1). fed (r47_fed, consumer_x_fed.patch): kFusedX keeps the first ring's
# ten x chunks in registers and stores fill f's just before fill f's MMAs (a fence and a
# named barrier a fill); f1 (r47_fed1): fill 0's chunk alone, the other nine at fill 1.
# Only kFusedX differs (TP8 B = 9..16 at the design dims); TP16 and DeepSeek cells are the
# control. Also: the SASS of kFusedX's loads and stores in both candidates (do the stores
# of fill 0 wait for its own load only?).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run47_call1.tar.xz
for b in bundle_n bundle_fed bundle_f1; do cat $b/COMMIT; done
for b in bundle_fed bundle_f1; do
  fn=$(cuobjdump -sass $b/group_fused_1gpu_test | awk '/Function : .*ModeE2E/{print $3; exit}')
  cuobjdump -sass -fun "$fn" $b/group_fused_1gpu_test > $OUT/sass_fusedx_$b.txt
  echo "$b kFusedX: $(wc -l < $OUT/sass_fusedx_$b.txt) lines"
done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_n CANDIDATES="bundle_fed bundle_f1" BATCHES=9,12,16,32 \
  DEEPSEEK_BATCHES=9,16 LIMIT_CELLS="8 9;8 16;16 9" timeout 500 tools/gpu_candidates.sh \
  $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
