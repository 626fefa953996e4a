#!/usr/bin/env bash
# Run 46, call 1 (perf/RESULTS.md), nvidia-h200: the first ring's x tiles loaded by the
# consumers (ld.global and swizzled st.shared after the dependency wait) instead of by TMA
# behind the SM's weight copies, at N <= 32: cx (r46_consumer_x) and cx1 (r46_cx1: the
# same with the first stage alone at N <= 32 too, in CTAs of more than 16 gate/up blocks)
# against main (bundle_n, a30f46f). Tests, the A/B twice at both dims, limits at TP8 B=9,
# TP16 B=9, TP8 B=32.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run46_call1.tar.xz
for b in bundle_n bundle_cx bundle_cx1; do cat $b/COMMIT; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
MAIN=bundle_n CANDIDATES="bundle_cx bundle_cx1" BATCHES=1,9,16,24,32,64 \
  DEEPSEEK_BATCHES=9,32 LIMIT_CELLS="8 9;16 9;8 32" timeout 520 tools/gpu_candidates.sh \
  $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^\| tp|^\| [0-9]" $OUT/candidates.txt
echo "all done after $SECONDS s"
