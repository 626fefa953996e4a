#!/usr/bin/env bash
# Run 64 call 3: the final kernels (9db9bfc: EARLY PAST THE RING; every instance's
# parameter layout moved, so none is run 61's code any more) through the release
# checks that call 1 did not run: SASS (HGMMA, no local memory), the main job, bench
# --repeat 2 at both dims, tools/limits.sh at the design dims, compute-sanitizer
# (synccheck, memcheck, racecheck) at TP8 B=16 fused and split and at TP16 B=16 fused.
# The one-GPU tests passed on this bundle in call 1 (api_test alone here).
# carry: bundle_pack (run64_call1.tar.xz)
{
date -u
tar xJf bundle_pack/run64_call1.tar.xz && cat bundle/COMMIT && rm -rf bundle_a
nvidia-smi -L
} 2>&1 | tee $OUT/release.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
BUDGET=330 TESTS="api_test" PARTS="check bench deepseek limits" \
  tools/gpu_session.sh $OUT/s > /dev/null 2>&1
grep -E "^==|^===|exit|passed|failed|skipped|HGMMA|LDL|rror" $OUT/s/session.txt | head -40 |
  tee -a $OUT/release.txt
echo "session done after $SECONDS s" | tee -a $OUT/release.txt
for case in "8 16 fused split" "16 16 fused"; do
  read -r tp batch variants <<< "$case"
  echo "== sanitizers, design dims, tp/B $tp $batch" | tee -a $OUT/release.txt
  SANITIZER_SHAPE="$tp $batch" SANITIZED="$variants" SANITIZER_TIMEOUT=60 \
    TESTS=" " timeout 150 tools/gpu_validate.sh $OUT/v_${tp}_$batch 2>&1 | tee -a $OUT/release.txt
done
echo "sanitizers done after $SECONDS s" | tee -a $OUT/release.txt
cd $OUT && cp s/session.txt s/bench.csv s/bench.txt s/bench_deepseek.csv s/limits.txt . 2>/dev/null
tar czf all.tgz s v_* 2>/dev/null; rm -rf s v_*; ls
