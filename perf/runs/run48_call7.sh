#!/usr/bin/env bash
# Run 48, call 7 (perf/RESULTS.md), nvidia-h200 (x2 not lent): the gate kernel without
# trace stamps (22efd23; every fused instance's PTX is main's, only the 26 gate-mode
# instances differ), validated and measured in one call: the SASS of every kernel against
# main (bundle_m, 4e902ee); tools/gpu_release.sh with bundle_m as ORIG (every 1-GPU test,
# the main job, bench --repeat 2 at both dims, limits, sanitizers for the split variant
# at the design's TP8 B=16 and the DeepSeek TP16 B=9, the A/B).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run48_call7.tar.xz && for b in bundle bundle_m; do cat $b/COMMIT; done
tools/same_sass.sh bundle bundle_m > /tmp/sass_compare.txt 2>&1; tail -1 /tmp/sass_compare.txt
grep DIFF /tmp/sass_compare.txt | sed 's/_ZN3shx.*shared_expert_fused//' | head -30
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 split;deepseek 16 9 split" ORIG=bundle_m \
  AB_BATCHES=1,9,16,24,32,64 AB_DEEPSEEK_BATCHES=9,32 timeout 380 \
  tools/gpu_release.sh $OUT 2>&1 | tee $OUT/release.txt | tail -40
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
echo "all done after $SECONDS s"
